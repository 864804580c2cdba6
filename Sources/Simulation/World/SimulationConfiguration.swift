/// The client ids and project names the simulated services are set up with.
public struct SimulationConfiguration: Sendable, Hashable {
    /// Apple client ids the auth services accept (bundle ids, Services ids); the first is the
    /// app's.
    public var appleClientIDs: [String]
    /// Google client ids the auth services accept; the first is the app's.
    public var googleClientIDs: [String]
    /// The Supabase access-token issuer.
    public var supabaseIssuer: String
    /// The Firebase project id.
    public var firebaseProjectID: String
    /// The base URL of Firebase email-link actions.
    public var firebaseActionURL: String

    /// Creates a configuration.
    /// - Parameters:
    ///   - appleClientIDs: Accepted Apple client ids.
    ///   - googleClientIDs: Accepted Google client ids.
    ///   - supabaseIssuer: The Supabase issuer.
    ///   - firebaseProjectID: The Firebase project id.
    ///   - firebaseActionURL: The email-link action base.
    public init(
        appleClientIDs: [String] = ["com.example.authcoordinator"],
        googleClientIDs: [String] = ["123456789012-authcoordinator.apps.googleusercontent.com"],
        supabaseIssuer: String = "http://127.0.0.1:9999/auth/v1",
        firebaseProjectID: String = "demo-authcoordinator",
        firebaseActionURL: String = "http://127.0.0.1:9999/emulator/action"
    ) {
        self.appleClientIDs = appleClientIDs
        self.googleClientIDs = googleClientIDs
        self.supabaseIssuer = supabaseIssuer
        self.firebaseProjectID = firebaseProjectID
        self.firebaseActionURL = firebaseActionURL
    }

    /// The app's Apple client id.
    public var appleClientID: String { appleClientIDs.first ?? "com.example.authcoordinator" }
    /// The app's Google client id.
    public var googleClientID: String { googleClientIDs.first ?? "" }
}

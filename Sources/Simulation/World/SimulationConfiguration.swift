import AuthDomain

/// The client ids and project names the simulated services are set up with.
public struct SimulationConfiguration: Sendable, Hashable {
    /// The client ids the auth services accept per identity provider (bundle ids and Services
    /// ids for Apple, OAuth client ids for Google); the first of each is the app's.
    public var clientIDs: [ProviderID: [String]]
    /// The Supabase access-token issuer.
    public var supabaseIssuer: String
    /// The Firebase project id (the default project).
    public var firebaseProjectID: String
    /// Further Firebase projects served beside the default one, each with its own users.
    public var otherFirebaseProjectIDs: [String] = []
    /// The rate limits of the Firebase-like engine.
    public var firebaseRateLimits = FirebaseRateLimits()
    /// The Firebase projects' passkey settings (`rpId`, `expectedOrigins`).
    public var firebasePasskeyConfig = FirebasePasskeyConfig()
    /// The base URL of Firebase email-link actions.
    public var firebaseActionURL: String
    /// The Supabase project's settings (GoTrue's defaults unless changed).
    public var supabase = SupabaseSettings()
    /// The Supabase JWT secret (`GOTRUE_JWT_SECRET`): the local stack's well-known one by
    /// default (``SupabaseLocalKeys``), so the anon key stays the same across state directories;
    /// `nil` for the secret generated for the state directory (``SimulationKeys``).
    public var supabaseJWTSecret: String? = SupabaseLocalKeys.jwtSecret
    /// `GOTRUE_JWT_KEYS` (``GoTrueJWTKeys``): the asymmetric signing key and further
    /// verification keys; `nil` signs with the JWT secret alone.
    public var supabaseJWTKeys: String?
    /// The emulator's base URL once its port is bound, read per request for the Supabase issuer
    /// (unless `API_EXTERNAL_URL` fixes it) and the Firebase action links; `nil` in process.
    package var emulatorBase: LateBoundURL?
    /// The bcrypt cost of new password hashes (GoTrue's 10; tests may use `Bcrypt.minimumCost`,
    /// as GoTrue's own tests do).
    public var passwordHashCost = Bcrypt.defaultCost

    /// The client ids the package's own tools use unless told otherwise.
    public static let defaultClientIDs: [ProviderID: [String]] = [
        .apple: ["com.example.authcoordinator"],
        .google: ["123456789012-authcoordinator.apps.googleusercontent.com"],
    ]

    /// Creates a configuration.
    /// - Parameters:
    ///   - clientIDs: Accepted client ids per provider.
    ///   - supabaseIssuer: The Supabase issuer.
    ///   - firebaseProjectID: The Firebase project id.
    ///   - firebaseActionURL: The email-link action base.
    public init(
        clientIDs: [ProviderID: [String]] = SimulationConfiguration.defaultClientIDs,
        supabaseIssuer: String = "http://127.0.0.1:9999/auth/v1",
        firebaseProjectID: String = "demo-authcoordinator",
        firebaseActionURL: String = "http://127.0.0.1:9999/emulator/action"
    ) {
        self.clientIDs = clientIDs
        self.supabaseIssuer = supabaseIssuer
        self.firebaseProjectID = firebaseProjectID
        self.firebaseActionURL = firebaseActionURL
    }

    /// The app's client id for a provider (the first configured), or `""` when none is.
    /// - Parameter provider: The provider.
    /// - Returns: The client id.
    public func clientID(for provider: ProviderID) -> String { clientIDs[provider]?.first ?? "" }

    /// The accepted client ids per provider, as sets (what the engines check audiences against).
    public var acceptedClientIDs: [ProviderID: Set<String>] { clientIDs.mapValues(Set.init) }
}

import AuthDomain

/// Google Sign-In's part of ``IDTokenAuthStrategy``: Google's account chooser, its ID token and
/// access token, and the profile Google shares. Google has no credential-state check and nothing
/// to do before a deletion, so the other hooks keep their defaults.
public struct GoogleIDTokenProvider: IDTokenProvider {
    private let authorizer: any GoogleSignInAuthorizing

    /// `.google`.
    public var id: ProviderID { .google }

    /// "Google".
    public var displayName: String { "Google" }

    /// Creates Google's hooks.
    /// - Parameter authorizer: Runs Google Sign-In (or the simulated Google).
    public init(authorizer: any GoogleSignInAuthorizing) { self.authorizer = authorizer }

    /// Runs Google Sign-In.
    /// - Parameter nonce: The hashed nonce Google echoes verbatim into the token
    ///   (GoogleSignIn-iOS 9+), or `nil`.
    /// - Returns: The ID token, the access token and Google's profile.
    /// - Throws: ``AuthError`` from the sheet.
    public func authorize(nonce: String?) async throws(AuthError) -> IDTokenAuthorization {
        let google = try await authorizer.signIn(GoogleSignInRequest(nonce: nonce))
        return IDTokenAuthorization(
            subject: google.userID, idToken: google.idToken, accessToken: google.accessToken,
            profile: ProviderProfile(name: google.name, email: google.email))
    }
}

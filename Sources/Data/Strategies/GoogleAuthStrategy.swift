import AuthDomain

/// Google Sign-In: an ID token and an access token from Google, verified by the backend.
///
/// With `usesNonce` (GoogleSignIn-iOS 9+), Google receives the SHA-256 hex of a fresh nonce,
/// which it echoes verbatim into the token, and the backend receives the raw nonce, the same
/// convention as Apple's so SHA-256-comparing backends accept it.
public struct GoogleAuthStrategy: SocialAuthStrategyProviding {
    private let authorizer: any GoogleSignInAuthorizing
    private let backend: any AuthBackend
    private let nonces: NonceGenerator?

    /// `.google`.
    public var provider: ProviderID { .google }

    /// Creates the strategy.
    /// - Parameters:
    ///   - authorizer: Runs Google Sign-In (or the simulated Google).
    ///   - backend: The auth backend.
    ///   - nonces: Makes nonces; `nil` for Google SDKs that cannot take one.
    public init(authorizer: any GoogleSignInAuthorizing, backend: any AuthBackend, nonces: NonceGenerator?) {
        self.authorizer = authorizer
        self.backend = backend
        self.nonces = nonces
    }

    /// Signs in with Google.
    /// - Parameter credential: `.social(.google)`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        guard credential == .social(.google) else { throw .invalidInput("Google cannot handle \(credential.provider)") }
        let (google, idCredential) = try await authorize()
        return .authenticated(result(google, idCredential, try await backend.signIn(with: idCredential)))
    }

    /// Adds the Google identity to the signed-in account.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``.
    public func link(toAccountWith accessToken: Secret) async throws(AuthError) -> AuthenticationResult {
        let (google, idCredential) = try await authorize()
        return result(google, idCredential, try await backend.link(idCredential, accessToken: accessToken))
    }

    /// Signs in to the account that owns a Google identity, with a backend's recovery credential.
    /// - Parameter recovery: The recovery credential.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult {
        try await IDTokenRecovery.signIn(recovery, backend: backend)
    }

    /// The account chooser asks the user, so signing in again proves they are there.
    public var canReauthenticate: Bool { true }

    private func authorize() async throws(AuthError) -> (GoogleSignInCredential, IDTokenCredential) {
        let rawNonce = nonces?.make()
        let google = try await authorizer.signIn(GoogleSignInRequest(nonce: rawNonce.map(NonceGenerator.sha256Hex)))
        guard let token = google.idToken, !token.isEmpty else { throw .missingIdentityToken }
        return (google, IDTokenCredential(provider: .google, idToken: token, rawNonce: rawNonce.map { Secret($0) },
                                          accessToken: google.accessToken))
    }

    private func result(_ google: GoogleSignInCredential, _ idCredential: IDTokenCredential, _ response: BackendSignIn) -> AuthenticationResult {
        AuthenticationResult(
            user: response.user,
            credential: AuthCredential(provider: .google, providerUserID: google.userID, idToken: idCredential.idToken,
                                       accessToken: google.accessToken, rawNonce: idCredential.rawNonce),
            session: response.session,
            isNewUser: response.isNewUser,
            providerProfile: ProviderProfile(name: google.name, email: google.email))
    }
}

import AuthDomain

/// The native ID-token sign-in every such provider shares: a fresh nonce per attempt, its
/// SHA-256 hex to the provider's sheet (which copies it into the token), the token and the raw
/// nonce to the backend (which verifies both), then the provider's hooks.
///
/// What differs between providers is an ``IDTokenProvider``: ``AppleAuthStrategy`` and
/// ``GoogleAuthStrategy`` are this strategy with ``AppleIDTokenProvider`` and
/// ``GoogleIDTokenProvider``.
///
/// ```swift
/// let strategy = IDTokenAuthStrategy(provider: ExampleIDProvider(sheet: sheet), backend: backend,
///                                    nonces: NonceGenerator(source: .live))
/// await coordinator.register(strategy)
/// ```
public struct IDTokenAuthStrategy<Provider: IDTokenProvider>: SocialAuthStrategyProviding {
    private let idTokenProvider: Provider
    private let backend: any AuthBackend
    private let nonces: NonceGenerator?

    /// The provider's id.
    public var provider: ProviderID { idTokenProvider.id }

    /// Creates the strategy.
    /// - Parameters:
    ///   - provider: The provider's sheet and hooks.
    ///   - backend: The auth backend that verifies the token.
    ///   - nonces: Makes nonces; `nil` for a sheet that cannot take one.
    public init(provider: Provider, backend: any AuthBackend, nonces: NonceGenerator?) {
        self.idTokenProvider = provider
        self.backend = backend
        self.nonces = nonces
    }

    /// Signs in with the provider.
    /// - Parameter credential: `.social(provider)`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``: `missingIdentityToken` when the sheet gave no token, the
    ///   sheet's and the backend's errors.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        guard credential == .social(provider) else {
            throw .invalidInput("\(idTokenProvider.displayName) cannot handle \(credential.provider)")
        }
        let (authorization, idCredential) = try await authorize()
        let response = try await backend.signIn(with: idCredential)
        return .authenticated(try await result(authorization, idCredential, response))
    }

    /// Adds the provider's identity to the signed-in account.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``.
    public func link(toAccountWith accessToken: Secret) async throws(AuthError) -> AuthenticationResult {
        let (authorization, idCredential) = try await authorize()
        let response = try await backend.link(idCredential, accessToken: accessToken)
        return try await result(authorization, idCredential, response)
    }

    /// Signs in to the account that owns an identity, with a backend's recovery credential.
    /// - Parameter recovery: The recovery credential.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult {
        try await IDTokenRecovery.signIn(recovery, backend: backend)
    }

    /// The provider's answer (``IDTokenProvider/canReauthenticate``).
    public var canReauthenticate: Bool { idTokenProvider.canReauthenticate }

    /// The provider's check (``IDTokenProvider/checkCredential(forSubject:occasion:)``).
    /// - Parameters:
    ///   - subject: The provider's id for the user.
    ///   - occasion: Launch, or a reported revocation.
    /// - Returns: Whether the session stands.
    public func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck {
        await idTokenProvider.checkCredential(forSubject: subject, occasion: occasion)
    }

    /// The provider's revocation reports.
    /// - Returns: The provider's stream.
    public func credentialRevocations() -> AsyncStream<Void> { idTokenProvider.credentialRevocations() }

    /// The provider's step before an account is deleted.
    /// - Parameter reauthenticate: Signs in again with the provider.
    /// - Returns: The re-authentication, if the provider made one.
    /// - Throws: ``AuthError``.
    public func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult? {
        try await idTokenProvider.prepareAccountDeletion(reauthenticate: reauthenticate)
    }

    private func authorize() async throws(AuthError) -> (IDTokenAuthorization, IDTokenCredential) {
        let rawNonce = nonces?.make()
        let authorization = try await idTokenProvider.authorize(nonce: rawNonce.map(NonceGenerator.sha256Hex))
        guard let token = authorization.idToken, !token.isEmpty else { throw .missingIdentityToken }
        let credential = IDTokenCredential(
            provider: provider, idToken: token, rawNonce: rawNonce.map { Secret($0) },
            accessToken: authorization.accessToken, fullName: authorization.nameForBackend)
        return (authorization, credential)
    }

    private func result(
        _ authorization: IDTokenAuthorization, _ idCredential: IDTokenCredential, _ response: BackendSignIn
    ) async throws(AuthError) -> AuthenticationResult {
        let user = try await idTokenProvider.user(signedIn: response, authorization: authorization, backend: backend)
        let credential = AuthCredential(
            provider: provider, providerUserID: authorization.subject, idToken: idCredential.idToken,
            accessToken: authorization.accessToken, rawNonce: idCredential.rawNonce,
            authorizationCode: authorization.authorizationCode)
        return AuthenticationResult(
            user: user, credential: credential, session: response.session,
            isNewUser: response.isNewUser, providerProfile: authorization.profile)
    }
}

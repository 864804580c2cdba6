import AuthDomain
import Logging

/// Sign in with Apple, as Apple and the backends do it.
///
/// A fresh CSPRNG nonce per attempt; its SHA-256 hex goes to Apple (which copies it into the
/// token), the raw nonce goes to the backend (which hashes it and compares). The name and email
/// Apple gives on the first authorization are written to the backend profile and to the
/// ``ProfileCache``; if the backend write fails, the cached name is written on a later sign-in.
///
/// It also does what Apple asks of apps beyond signing in: it checks at launch, and whenever
/// Apple reports a revocation while the app runs, that the user still authorizes the app, and
/// before an account is deleted it re-authenticates for a fresh authorization code and revokes
/// the user's tokens with the `tokenRevoker` (App Store guideline 5.1.1(v)).
///
/// ```swift
/// let apple = AppleAuthStrategy(authorizer: sheet, backend: backend, nonces: NonceGenerator(source: .live),
///                               profileCache: cache, tokenRevoker: revoker, logger: logger)
/// await coordinator.register(apple)
/// ```
public struct AppleAuthStrategy: SocialAuthStrategyProviding {
    private let authorizer: any AppleIDAuthorizing
    private let backend: any AuthBackend
    private let nonces: NonceGenerator
    private let profileCache: any ProfileCache
    private let tokenRevoker: (any AppleTokenRevoking)?
    private let logger: Logger

    /// `.apple`.
    public var provider: ProviderID { .apple }

    /// Creates the strategy.
    /// - Parameters:
    ///   - authorizer: Shows Apple's sheet (or the simulated one).
    ///   - backend: The auth backend that verifies the token.
    ///   - nonces: Makes nonces.
    ///   - profileCache: Keeps the first-sign-in name and email.
    ///   - tokenRevoker: Revokes the user's Apple tokens before the account is deleted; without
    ///     one, deleting an account that has Apple is refused.
    ///   - logger: Where progress is logged (never a secret).
    public init(
        authorizer: any AppleIDAuthorizing, backend: any AuthBackend, nonces: NonceGenerator,
        profileCache: any ProfileCache, tokenRevoker: (any AppleTokenRevoking)?, logger: Logger
    ) {
        self.authorizer = authorizer
        self.backend = backend
        self.nonces = nonces
        self.profileCache = profileCache
        self.tokenRevoker = tokenRevoker
        self.logger = logger
    }

    /// Signs in with Apple.
    /// - Parameter credential: `.social(.apple)`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        guard credential == .social(.apple) else { throw .invalidInput("Apple cannot handle \(credential.provider)") }
        let (apple, idCredential) = try await authorize()
        let response = try await backend.signIn(with: idCredential)
        let user = try await captureProfile(of: apple, for: response)
        return .authenticated(result(apple, idCredential, response, user: user))
    }

    /// Adds the Apple identity to the signed-in account.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``.
    public func link(toAccountWith accessToken: Secret) async throws(AuthError) -> AuthenticationResult {
        let (apple, idCredential) = try await authorize()
        let response = try await backend.link(idCredential, accessToken: accessToken)
        let user = try await captureProfile(of: apple, for: response)
        return result(apple, idCredential, response, user: user)
    }

    /// Signs in to the account that owns an Apple identity, with a backend's recovery credential.
    /// - Parameter recovery: The recovery credential.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult {
        try await IDTokenRecovery.signIn(recovery, backend: backend)
    }

    /// The sheet asks the user, so signing in again proves they are there.
    public var canReauthenticate: Bool { true }

    /// Asks Apple for the credential state (`ASAuthorizationAppleIDProvider.getCredentialState`).
    /// Revoked and not found end the session; a transferred app keeps it (the user id must be
    /// migrated). A state Apple cannot give keeps the session at launch, and ends it after Apple
    /// itself reported a revocation.
    /// - Parameters:
    ///   - subject: Apple's user id.
    ///   - occasion: Launch, or a reported revocation.
    /// - Returns: Whether the session stands.
    public func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck {
        let state: AppleIDCredentialState
        do {
            state = try await authorizer.credentialState(forUserID: subject)
        } catch {
            switch occasion {
            case .launch:
                logger.warning("could not read the Apple credential state; keeping the session", metadata: ["error": "\(error)"])
                return .stands
            case .revocationReported:
                logger.warning("Apple reported a revocation and the state cannot be read; signing out", metadata: ["error": "\(error)"])
                return .ended(.providerCredentialRevoked(.apple))
            }
        }
        switch state {
        case .authorized:
            return .stands
        case .revoked, .notFound:
            return .ended(.providerCredentialRevoked(.apple))
        case .transferred:
            logger.warning("the app was transferred to another team; the Apple user id must be migrated")
            return .stands
        }
    }

    /// Apple's revocation reports (`credentialRevokedNotification` on a device).
    /// - Returns: The authorizer's stream.
    public func credentialRevocations() -> AsyncStream<Void> { authorizer.credentialRevocations() }

    /// Re-authenticates for a fresh authorization code and revokes the user's Apple tokens with
    /// it (App Store guideline 5.1.1(v), TN3194).
    /// - Parameter reauthenticate: Signs in again with Apple.
    /// - Returns: The re-authentication.
    /// - Throws: ``AuthError``: `invalidInput` without a token revoker; Apple's errors.
    public func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult? {
        guard let tokenRevoker else {
            throw .invalidInput("deleting an Apple account needs an AppleTokenRevoking adapter (App Store guideline 5.1.1(v))")
        }
        let result = try await reauthenticate()
        guard let code = result.credential.authorizationCode else { throw .authorizationFailed("Apple returned no authorization code to revoke") }
        try await tokenRevoker.revokeTokens(authorizationCode: code)
        return result
    }

    private func authorize() async throws(AuthError) -> (AppleIDCredential, IDTokenCredential) {
        let rawNonce = nonces.make()
        let apple = try await authorizer.authorize(
            AppleIDRequest(scopes: [.fullName, .email], nonce: NonceGenerator.sha256Hex(rawNonce)))
        guard let token = apple.identityToken, !token.isEmpty else { throw .missingIdentityToken }
        let fullName = apple.fullName?.formatted == nil ? nil : apple.fullName
        return (apple, IDTokenCredential(provider: .apple, idToken: token, rawNonce: Secret(rawNonce), fullName: fullName))
    }

    /// Writes the first-authorization name to the cache and the backend; on a later sign-in,
    /// writes a cached name the backend never received.
    private func captureProfile(of apple: AppleIDCredential, for response: BackendSignIn) async throws(AuthError) -> AuthUser {
        try await FirstSignInProfile(backend: backend, profileCache: profileCache, logger: logger)
            .capture(name: apple.fullName, email: apple.email, for: response)
    }

    private func result(_ apple: AppleIDCredential, _ idCredential: IDTokenCredential, _ response: BackendSignIn, user: AuthUser) -> AuthenticationResult {
        AuthenticationResult(
            user: user,
            credential: AuthCredential(
                provider: .apple, providerUserID: apple.user, idToken: idCredential.idToken,
                rawNonce: idCredential.rawNonce, authorizationCode: apple.authorizationCode),
            session: response.session,
            isNewUser: response.isNewUser,
            providerProfile: ProviderProfile(name: idCredential.fullName, email: apple.email))
    }
}

import AuthDomain
import Logging

/// Sign in with Apple, as Apple and the backends do it.
///
/// A fresh CSPRNG nonce per attempt; its SHA-256 hex goes to Apple (which copies it into the
/// token), the raw nonce goes to the backend (which hashes it and compares). The name and email
/// Apple gives on the first authorization are written to the backend profile and to the
/// ``ProfileCache``; if the backend write fails, the cached name is written on a later sign-in.
///
/// ```swift
/// let apple = AppleAuthStrategy(authorizer: sheet, backend: backend, nonces: NonceGenerator(source: .live),
///                               profileCache: cache, logger: logger)
/// await coordinator.register(apple)
/// ```
public struct AppleAuthStrategy: SocialAuthStrategyProviding {
    private let authorizer: any AppleIDAuthorizing
    private let backend: any AuthBackend
    private let nonces: NonceGenerator
    private let profileCache: any ProfileCache
    private let logger: Logger

    /// `.apple`.
    public var provider: ProviderID { .apple }

    /// Creates the strategy.
    /// - Parameters:
    ///   - authorizer: Shows Apple's sheet (or the simulated one).
    ///   - backend: The auth backend that verifies the token.
    ///   - nonces: Makes nonces.
    ///   - profileCache: Keeps the first-sign-in name and email.
    ///   - logger: Where progress is logged (never a secret).
    public init(
        authorizer: any AppleIDAuthorizing, backend: any AuthBackend, nonces: NonceGenerator,
        profileCache: any ProfileCache, logger: Logger
    ) {
        self.authorizer = authorizer
        self.backend = backend
        self.nonces = nonces
        self.profileCache = profileCache
        self.logger = logger
    }

    /// Signs in with Apple.
    /// - Parameter credential: `.social(.apple)`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(with credential: LoginCredential) async throws -> SignInOutcome {
        guard credential == .social(.apple) else { throw AuthError.invalidInput("Apple cannot handle \(credential.provider)") }
        let (apple, idCredential) = try await authorize()
        let response = try await backend.signIn(with: idCredential)
        let user = try await captureProfile(of: apple, for: response)
        return .authenticated(result(apple, idCredential, response, user: user))
    }

    /// Adds the Apple identity to the signed-in account.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``.
    public func link(toAccountWith accessToken: Secret) async throws -> AuthenticationResult {
        let (apple, idCredential) = try await authorize()
        let response = try await backend.link(idCredential, accessToken: accessToken)
        let user = try await captureProfile(of: apple, for: response)
        return result(apple, idCredential, response, user: user)
    }

    private func authorize() async throws -> (AppleIDCredential, IDTokenCredential) {
        let rawNonce = nonces.make()
        let apple = try await authorizer.authorize(
            AppleIDRequest(scopes: [.fullName, .email], nonce: NonceGenerator.sha256Hex(rawNonce)))
        guard let token = apple.identityToken, !token.isEmpty else { throw AuthError.missingIdentityToken }
        let fullName = apple.fullName?.formatted == nil ? nil : apple.fullName
        return (apple, IDTokenCredential(provider: .apple, idToken: token, rawNonce: Secret(rawNonce), fullName: fullName))
    }

    /// Writes the first-authorization name to the cache and the backend; on a later sign-in,
    /// writes a cached name the backend never received.
    private func captureProfile(of apple: AppleIDCredential, for response: BackendSignIn) async throws -> AuthUser {
        let userID = response.user.id
        let name: PersonName
        if let given = apple.fullName, given.formatted != nil {
            name = given
            do {
                try await profileCache.save(ProviderProfile(name: given, email: apple.email ?? response.user.email), forUserID: userID)
            } catch {
                logger.warning("could not cache the Apple profile", metadata: ["error": "\(error)"])
            }
        } else if response.user.displayName == nil, let cached = await profileCache.profile(forUserID: userID)?.name, cached.formatted != nil {
            name = cached
        } else {
            return response.user
        }
        do {
            return try await backend.updateProfile(ProfileUpdate(name: name), accessToken: response.session.accessToken)
        } catch let error as AuthError where error.isTransient {
            logger.warning("name kept in the profile cache; the backend update will be retried", metadata: ["error": "\(error)"])
            var user = response.user
            user.displayName = name.formatted
            return user
        }
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

import AuthDomain
import Logging

/// Sign in with Apple, as Apple and the backends do it: ``IDTokenAuthStrategy`` with
/// ``AppleIDTokenProvider``'s hooks.
///
/// A fresh CSPRNG nonce per attempt; its SHA-256 hex goes to Apple (which copies it into the
/// token), the raw nonce goes to the backend (which hashes it and compares). The name and email
/// Apple gives on the first authorization are written to the backend profile and to the
/// ``ProfileCache``. It also checks Apple's credential state, and revokes the user's Apple
/// tokens before an account is deleted (``AppleIDTokenProvider``).
///
/// ```swift
/// let apple = AppleAuthStrategy(authorizer: sheet, backend: backend, nonces: NonceGenerator(source: .live),
///                               profileCache: cache, tokenRevoker: revoker, logger: logger)
/// await coordinator.register(apple)
/// ```
public typealias AppleAuthStrategy = IDTokenAuthStrategy<AppleIDTokenProvider>

extension IDTokenAuthStrategy where Provider == AppleIDTokenProvider {
    /// Creates the Sign in with Apple strategy.
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
        let apple = AppleIDTokenProvider(
            authorizer: authorizer, profileCache: profileCache, tokenRevoker: tokenRevoker, logger: logger)
        self.init(provider: apple, backend: backend, nonces: nonces)
    }
}

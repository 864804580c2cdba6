import AuthData
import AuthDomain

/// An Apple token revoker made on its first revocation: the embedded services' one signs a client
/// secret with the team's key and routes through an in-process emulator, which only
/// `login delete-account` needs, and a returning sign-in should not pay for
/// (Docs/Performance.md, "The CLI").
struct DeferredAppleTokenRevoker: AppleTokenRevoking {
    private let made: Locked<(any AppleTokenRevoking)?>
    private let make: @Sendable () throws -> any AppleTokenRevoking

    /// - Parameter make: Makes the revoker; called once, on the first revocation.
    init(_ make: @escaping @Sendable () throws -> any AppleTokenRevoking) {
        self.make = make
        made = Locked(nil)
    }

    /// Revokes the tokens behind an authorization code with the revoker, made first if need be.
    /// - Parameter authorizationCode: A fresh code from Apple.
    /// - Throws: ``AuthError``: the revoker's, or `authorizationFailed` when it cannot be made.
    func revokeTokens(authorizationCode: Secret) async throws(AuthError) {
        let revoker: any AppleTokenRevoking
        do {
            revoker = try made.withLock { current in
                if let current { return current }
                let new = try make()
                current = new
                return new
            }
        } catch {
            throw .authorizationFailed("the team's Sign in with Apple key cannot be used: \(error)")
        }
        try await revoker.revokeTokens(authorizationCode: authorizationCode)
    }
}

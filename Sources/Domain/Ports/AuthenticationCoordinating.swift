/// The sign-in hub the use cases drive: routes credentials to strategies, keeps the session
/// and announces auth-state changes. Implemented by `AuthenticationCoordinator` (data layer).
public protocol AuthenticationCoordinating: Sendable {
    /// Signs in with the strategy registered for the credential's provider.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result or a sent code.
    /// - Throws: ``AuthError``: `noStrategyRegistered` when no strategy handles the provider.
    func signIn(with credential: LoginCredential) async throws -> SignInOutcome

    /// Links a provider's identity to the signed-in account.
    /// - Parameter provider: The provider to add.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``: `notSignedIn`, `credentialAlreadyInUse`, …
    func link(_ provider: ProviderID) async throws -> AuthenticationResult

    /// Signs out.
    /// - Parameter scope: Which sessions end on the backend.
    /// - Throws: ``AuthError``; the local session is cleared even when the backend is
    ///   unreachable.
    func signOut(scope: SignOutScope) async throws

    /// The signed-in user, if any.
    /// - Returns: The current user.
    func currentUser() async -> AuthUser?
}

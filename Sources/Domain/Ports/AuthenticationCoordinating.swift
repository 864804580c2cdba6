/// The sign-in hub the use cases drive: routes credentials to strategies, keeps the session
/// and announces auth-state changes. Implemented by `AuthenticationCoordinator` (data layer).
public protocol AuthenticationCoordinating: Sendable {
    /// Signs in with the strategy registered for the credential's provider.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result or a sent code.
    /// - Throws: ``AuthError``: `noStrategyRegistered` when no strategy handles the provider.
    func signIn(with credential: LoginCredential) async throws -> SignInOutcome

    /// Signs in to the account that already owns an identity, with the credential the backend
    /// returned when a link was refused (never the spent provider token).
    /// - Parameter recovery: The credential from ``AuthError/credentialAlreadyInUse(_:recovery:)``.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    func signIn(recovering recovery: IDTokenCredential) async throws -> AuthenticationResult

    /// Links a provider's identity to the signed-in account.
    /// - Parameter provider: The provider to add.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``: `notSignedIn`, `credentialAlreadyInUse`, …
    func link(_ provider: ProviderID) async throws -> AuthenticationResult

    /// Removes a provider's identity from the signed-in account.
    /// - Parameter provider: The provider to remove.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `lastSignInMethod` when it is the only way in.
    func unlink(_ provider: ProviderID) async throws -> AuthUser

    /// Deletes the signed-in account: revokes its Apple tokens, deletes the user on the backend
    /// (re-authenticating when the backend demands a recent sign-in), clears the local session
    /// and profile cache, and announces `userDeleted`.
    /// - Throws: ``AuthError``; nothing local is cleared when the backend refuses.
    func deleteAccount() async throws

    /// Signs out.
    /// - Parameter scope: Which sessions end on the backend.
    /// - Throws: ``AuthError``; the local session is cleared even when the backend is
    ///   unreachable.
    func signOut(scope: SignOutScope) async throws

    /// The signed-in user, if any.
    /// - Returns: The current user.
    func currentUser() async -> AuthUser?
}

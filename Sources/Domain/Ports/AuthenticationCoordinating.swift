/// The app's API for signing in and keeping the account: what a screen, a settings page or a
/// command calls. Implemented by `AuthenticationCoordinator` (data layer).
///
/// Sign-in with routing goes through ``LoginUseCase`` (it adds the terms gate and the
/// post-sign-in destination); everything else is called here directly: there is no use case that
/// would only forward the call.
///
/// ```swift
/// await coordinator.start()                                   // at launch: restore the session
/// try await coordinator.link(.apple)                          // settings: add a way in
/// try await coordinator.signOut(scope: .local)
/// ```
public protocol AuthenticationCoordinating: Sendable {
    /// Auth-state events: `initialSession` first, then changes as they happen.
    var authStateChanges: AsyncStream<AuthStateEvent> { get }

    /// Restores the stored session (once) and asks the providers whether it still stands.
    /// - Returns: The restored session, or `nil` when signed out.
    @discardableResult
    func start() async -> InitialSession?

    /// Signs in with the strategy registered for the credential's provider.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result or a sent code.
    /// - Throws: ``AuthError``: `noStrategyRegistered` when no strategy handles the provider.
    func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome

    /// Signs in to the account that already owns an identity, with the credential the backend
    /// returned when a link was refused (never the spent provider token). Ask the user first:
    /// the current session (a guest's, say) is replaced.
    /// - Parameter recovery: The credential from ``AuthError/credentialAlreadyInUse(_:recovery:)``.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult

    /// Links a provider's identity to the signed-in account (a guest keeps its id and data and
    /// stops being anonymous).
    /// - Parameter provider: The provider to add.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``: `notSignedIn`; `credentialAlreadyInUse` (with a recovery
    ///   credential when the backend gave one) when the identity belongs to another account.
    @discardableResult
    func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult

    /// Removes a provider's identity from the signed-in account.
    /// - Parameter provider: The provider to remove.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `lastSignInMethod` when it is the only way in.
    @discardableResult
    func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser

    /// Deletes the signed-in account as the App Store requires (guideline 5.1.1(v)): providers
    /// that must act first do (Apple's tokens are revoked), the user is deleted on the backend
    /// (re-authenticating when the backend demands a recent sign-in), the local session and
    /// profile cache are cleared, and `userDeleted` is announced.
    /// - Throws: ``AuthError``: `notSignedIn`, `cancelled` (a re-authentication sheet was
    ///   dismissed), `requiresRecentLogin`; nothing local is cleared when the backend refuses.
    func deleteAccount() async throws(AuthError)

    /// Signs out.
    /// - Parameter scope: `local` ends this device's session; `global` every session of the user.
    /// - Throws: ``AuthError``; the local session is cleared even when the backend is
    ///   unreachable.
    func signOut(scope: SignOutScope) async throws(AuthError)

    /// Refreshes the session now.
    /// - Returns: The new session.
    /// - Throws: ``AuthError``: `notSignedIn`; a definitive error ends the session.
    @discardableResult
    func refreshSession() async throws(AuthError) -> AuthSession

    /// The stored session, as last known.
    /// - Returns: The session, or `nil` when signed out.
    func currentSession() async -> StoredSession?

    /// The signed-in user, if any.
    /// - Returns: The current user.
    func currentUser() async -> AuthUser?
}

/// Adds or removes ways into an account: linking Apple or Google (an anonymous guest keeps its
/// id and data and stops being anonymous), recovering when the identity already belongs to
/// another account, and unlinking a provider when another way in remains.
///
/// ```swift
/// let accounts = LinkAccountUseCase(coordinator: coordinator)
/// do {
///     try await accounts.link(.apple)
/// } catch AuthError.credentialAlreadyInUse(_, let recovery?) {
///     try await accounts.switchToExistingAccount(using: recovery)   // after asking the user
/// }
/// ```
public struct LinkAccountUseCase: Sendable {
    private let coordinator: any AuthenticationCoordinating

    /// Creates the use case.
    /// - Parameter coordinator: The sign-in hub.
    public init(coordinator: any AuthenticationCoordinating) { self.coordinator = coordinator }

    /// Links a provider to the signed-in account.
    /// - Parameter provider: `.apple` or `.google`.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``: `notSignedIn`; `credentialAlreadyInUse` (with a recovery
    ///   credential when the backend gave one) when the identity belongs to another account.
    @discardableResult
    public func link(_ provider: ProviderID) async throws -> AuthenticationResult {
        try await coordinator.link(provider)
    }

    /// Signs in to the account that owns the identity instead, with the credential the backend
    /// returned; the guest session (if any) is replaced.
    /// - Parameter recovery: The recovery credential.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    @discardableResult
    public func switchToExistingAccount(using recovery: IDTokenCredential) async throws -> AuthenticationResult {
        try await coordinator.signIn(recovering: recovery)
    }

    /// Removes a provider when the account has another way in.
    /// - Parameter provider: The provider to remove.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError/lastSignInMethod(_:)`` when it is the only one.
    @discardableResult
    public func unlink(_ provider: ProviderID) async throws -> AuthUser {
        try await coordinator.unlink(provider)
    }
}

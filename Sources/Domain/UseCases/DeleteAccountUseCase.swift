/// Deletes the signed-in account as the App Store requires (guideline 5.1.1(v)): the user's
/// Apple tokens are revoked, the account is deleted on the backend, and nothing of it stays on
/// the device.
public struct DeleteAccountUseCase: Sendable {
    private let coordinator: any AuthenticationCoordinating

    /// Creates the use case.
    /// - Parameter coordinator: The sign-in hub.
    public init(coordinator: any AuthenticationCoordinating) { self.coordinator = coordinator }

    /// Deletes the account.
    /// - Throws: ``AuthError``: `notSignedIn`, `cancelled` (the re-authentication sheet was
    ///   dismissed), `requiresRecentLogin` (no way to re-authenticate here), backend errors.
    public func execute() async throws {
        try await coordinator.deleteAccount()
    }
}

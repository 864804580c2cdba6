/// Signs the user out.
public struct SignOutUseCase: Sendable {
    private let coordinator: any AuthenticationCoordinating

    /// Creates the use case.
    /// - Parameter coordinator: The sign-in hub.
    public init(coordinator: any AuthenticationCoordinating) {
        self.coordinator = coordinator
    }

    /// Signs out.
    /// - Parameter scope: `local` ends this device's session; `global` every session of the user.
    /// - Throws: ``AuthError``; the local session is gone even when this throws.
    public func execute(scope: SignOutScope) async throws {
        try await coordinator.signOut(scope: scope)
    }
}

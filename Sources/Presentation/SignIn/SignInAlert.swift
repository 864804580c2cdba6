/// The alert a failed sign-in shows. A cancelled sign-in has none: the model goes back to idle.
public struct SignInAlert: Hashable, Sendable {
    /// The alert's title.
    public var title: String { "Couldn't sign in" }
    /// The message users see, from ``AuthErrorMessages``.
    public let message: String
    /// The one button, which dismisses it.
    public var dismissTitle: String { "OK" }

    /// Creates the alert.
    /// - Parameter message: The message users see.
    public init(message: String) { self.message = message }

    /// The alert for a view model's state.
    /// - Parameter state: The state.
    /// - Returns: The alert for `.error`, `nil` for every other state (a cancelled sheet is `.idle`).
    public init?(state: LoginViewModel.State) {
        guard case .error(let message) = state else { return nil }
        self.init(message: message)
    }
}

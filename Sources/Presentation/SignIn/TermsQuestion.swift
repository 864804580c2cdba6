import AuthDomain

/// The question a new sign-up sees when the app requires its terms and the box was not ticked
/// beforehand (``LoginViewModel/State/termsRequired(_:)``): accept to go on, decline to undo the
/// account the sign-in just created. Returning users never see it.
public struct TermsQuestion: Hashable, Sendable {
    /// The provider the new account signed up with.
    public let provider: ProviderID

    /// The screen's title.
    public var title: String { "Accept the terms to finish signing up" }
    /// What the screen says, naming the provider as users know it.
    public var message: String {
        "Your new account with \(AuthErrorMessages.name(of: provider)) is ready. To use it, accept the Terms of Service and "
            + "the Privacy Policy. If you decline, the new account is deleted."
    }
    /// The accepting button's title.
    public var acceptTitle: String { "Accept and continue" }
    /// The declining button's title (a destructive action).
    public var declineTitle: String { "Decline and delete the account" }

    /// Creates the question.
    /// - Parameter provider: The provider the new account signed up with.
    public init(provider: ProviderID) { self.provider = provider }

    /// The question for a view model's state.
    /// - Parameter state: The state.
    /// - Returns: The question for `.termsRequired`, `nil` for every other state.
    public init?(state: LoginViewModel.State) {
        guard case .termsRequired(let provider) = state else { return nil }
        self.init(provider: provider)
    }
}

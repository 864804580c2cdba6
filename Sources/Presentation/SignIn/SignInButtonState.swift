/// One button of the sign-in screen, decided: the view lays it out and does nothing else.
public struct SignInButtonState: Hashable, Sendable, Identifiable {
    /// The way in this button starts.
    public let method: SignInMethod
    /// Whether this button's sign-in is running (show a progress indicator on this button only).
    public let isLoading: Bool
    /// Whether a tap does nothing (another sign-in runs, the terms are not accepted yet, or the
    /// email field holds no address).
    public let isDisabled: Bool
    /// Why the button is disabled, for VoiceOver's hint; `nil` when it is enabled or loading.
    public let disabledReason: String?

    /// The method identifies the button.
    public var id: SignInMethod { method }

    /// The title shown on the button.
    public var title: String { method.title }

    /// What VoiceOver reads: the title, or what is happening while it loads.
    public var accessibilityLabel: String { isLoading ? method.loadingLabel : method.title }

    /// Creates a decided button.
    /// - Parameters:
    ///   - method: The way in.
    ///   - isLoading: Whether its sign-in runs.
    ///   - isDisabled: Whether a tap does nothing.
    ///   - disabledReason: Why, for VoiceOver.
    public init(method: SignInMethod, isLoading: Bool, isDisabled: Bool, disabledReason: String?) {
        self.method = method
        self.isLoading = isLoading
        self.isDisabled = isDisabled
        self.disabledReason = disabledReason
    }
}

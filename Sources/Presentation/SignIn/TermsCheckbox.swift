/// The "I accept the terms" checkbox, shown to new sign-ups only.
public struct TermsCheckbox: Hashable, Sendable {
    /// Whether it is ticked.
    public let isAccepted: Bool
    /// Whether it cannot change now (a sign-in runs).
    public let isDisabled: Bool

    /// The label, which VoiceOver reads.
    public var label: String { "I accept the Terms of Service and the Privacy Policy" }

    /// What VoiceOver reads as its value, so the state is never told by color alone.
    public var accessibilityValue: String { isAccepted ? "Accepted" : "Not accepted" }

    /// Creates the checkbox's decided state.
    /// - Parameters:
    ///   - isAccepted: Whether it is ticked.
    ///   - isDisabled: Whether it cannot change now.
    public init(isAccepted: Bool, isDisabled: Bool) {
        self.isAccepted = isAccepted
        self.isDisabled = isDisabled
    }
}

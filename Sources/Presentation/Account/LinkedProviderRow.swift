import AuthDomain

/// One way in on the account screen: whether it is linked, and the one action its button offers.
public struct LinkedProviderRow: Hashable, Sendable, Identifiable {
    /// What the row's button does.
    public enum Action: Hashable, Sendable {
        /// Add this way in.
        case link
        /// Remove this way in.
        case unlink
    }

    /// The provider.
    public let provider: ProviderID
    /// Whether the account has this way in.
    public let isLinked: Bool
    /// The button's action, or `nil` when the row has no button (an email address is added by
    /// signing in with it, not from here).
    public let action: Action?
    /// Whether this row's action runs now.
    public let isLoading: Bool
    /// Whether the button does nothing now.
    public let isDisabled: Bool
    /// Why, for VoiceOver's hint (the only way in cannot be removed; another action runs).
    public let disabledReason: String?

    /// The provider identifies the row.
    public var id: ProviderID { provider }

    /// The provider's name as users know it.
    public var name: String { AuthErrorMessages.name(of: provider) }

    /// The status in words ("Linked" / "Not linked"): the state is never told by color alone.
    public var status: String { isLinked ? "Linked" : "Not linked" }

    /// The button's title ("Link Google", "Unlink Apple"), which VoiceOver reads.
    public var actionTitle: String? {
        action.map { $0 == .link ? "Link \(name)" : "Unlink \(name)" }
    }

    /// Creates a decided row.
    /// - Parameters:
    ///   - provider: The provider.
    ///   - isLinked: Whether the account has it.
    ///   - action: The button's action.
    ///   - isLoading: Whether it runs now.
    ///   - isDisabled: Whether the button does nothing now.
    ///   - disabledReason: Why.
    public init(
        provider: ProviderID, isLinked: Bool, action: Action?, isLoading: Bool, isDisabled: Bool, disabledReason: String?
    ) {
        self.provider = provider
        self.isLinked = isLinked
        self.action = action
        self.isLoading = isLoading
        self.isDisabled = isDisabled
        self.disabledReason = disabledReason
    }
}

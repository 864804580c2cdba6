import AuthDomain

/// Everything the account screen decides: who is signed in, the ways in with link and unlink,
/// what runs, and the delete confirmation's text. A view only lays it out.
///
/// ```swift
/// let screen = AccountScreenState(user: user, linkable: [.apple, .google], running: model.running)
/// ForEach(screen.providers) { row in … }
/// ```
public struct AccountScreenState: Hashable, Sendable {
    /// The name shown at the top: the display name, else the email, else "Guest".
    public let title: String
    /// The email line, or `nil` when there is none.
    public let emailLine: String?
    /// The ways in: those linked, then the others the app offers.
    public let providers: [LinkedProviderRow]
    /// Whether sign-out runs now.
    public let isSigningOut: Bool
    /// Whether deletion runs now.
    public let isDeleting: Bool
    /// Whether the sign-out and delete buttons do nothing now (another action runs).
    public let actionsDisabled: Bool
    /// The text of the confirmation shown before deletion.
    public let deleteConfirmation: DeleteAccountConfirmation

    /// Why unlink is refused for the only way in (the backend refuses it too).
    public static let lastWayInReason = "Your only way to sign in; add another first"
    /// Why buttons are disabled while another action runs.
    public static let busyReason = "Another change is in progress"

    /// Decides the screen.
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - linkable: The providers the app can link from here (those with a registered
    ///     strategy), in order.
    ///   - running: The action that runs now, if any.
    public init(user: AuthUser, linkable: [ProviderID], running: AccountAction?) {
        title = user.displayName ?? user.email ?? "Guest"
        emailLine = user.email.map { user.isPrivateRelayEmail ? "\($0) (hidden by Apple)" : $0 }
        let linked = user.providers.filter { $0 != .anonymous }
        var order = linked
        for provider in linkable where !order.contains(provider) { order.append(provider) }
        providers = order.map { provider in
            let isLinked = linked.contains(provider)
            let action: LinkedProviderRow.Action? =
                linkable.contains(provider) ? (isLinked ? .unlink : .link) : nil
            let isLoading = running == .link(provider) || running == .unlink(provider)
            let reason: String? =
                if action == nil || isLoading { nil } else if running != nil {
                    Self.busyReason
                } else if action == .unlink && linked.count == 1 { Self.lastWayInReason } else { nil }
            return LinkedProviderRow(
                provider: provider, isLinked: isLinked, action: action, isLoading: isLoading,
                isDisabled: action == nil || isLoading || reason != nil, disabledReason: reason)
        }
        isSigningOut = running == .signOut
        isDeleting = running == .deleteAccount
        actionsDisabled = running != nil
        deleteConfirmation = DeleteAccountConfirmation(user: user)
    }
}

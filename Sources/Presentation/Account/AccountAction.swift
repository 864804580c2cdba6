import AuthDomain

/// Something the account screen does that takes a moment; one runs at a time.
public enum AccountAction: Hashable, Sendable {
    /// Adding a way in.
    case link(ProviderID)
    /// Removing a way in.
    case unlink(ProviderID)
    /// Signing out.
    case signOut
    /// Deleting the account.
    case deleteAccount
}

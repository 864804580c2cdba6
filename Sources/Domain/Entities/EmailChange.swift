/// The answer to a change of the account's email address.
public struct EmailChange: Hashable, Sendable {
    /// The user as the backend knows them now (the old address until the change is confirmed).
    public var user: AuthUser
    /// The address waiting for confirmation, when the backend mailed a link or code before it
    /// changes anything (GoTrue's secure email change mails both addresses).
    public var pendingEmail: String?

    /// Creates an answer.
    /// - Parameters:
    ///   - user: The user now.
    ///   - pendingEmail: The address waiting for confirmation, if any.
    public init(user: AuthUser, pendingEmail: String?) {
        self.user = user
        self.pendingEmail = pendingEmail
    }
}

/// The answer to a change of the signed-in account (its password, or an address and password
/// added to it).
public struct AccountUpdate: Hashable, Sendable {
    /// The user as the backend knows them now.
    public var user: AuthUser
    /// The session to keep from now on, when the backend issued one (Firebase does on a password
    /// change); `nil` when the current session stands (Supabase).
    public var session: AuthSession?

    /// Creates an answer.
    /// - Parameters:
    ///   - user: The user now.
    ///   - session: A new session, if one was issued.
    public init(user: AuthUser, session: AuthSession?) {
        self.user = user
        self.session = session
    }
}

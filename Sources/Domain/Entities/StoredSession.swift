/// What a ``SessionStore`` keeps: the session, the user it belongs to, and how they signed in.
public struct StoredSession: Hashable, Sendable, Codable {
    /// The backend session.
    public var session: AuthSession
    /// The user, as last seen.
    public var user: AuthUser
    /// The provider used for the last interactive sign-in.
    public var provider: ProviderID?
    /// Apple's stable user identifier, kept to ask for the Apple credential state at launch.
    public var appleUserID: String?

    /// Creates a stored session.
    /// - Parameters:
    ///   - session: The backend session.
    ///   - user: The user.
    ///   - provider: The provider of the last interactive sign-in.
    ///   - appleUserID: Apple's user identifier, when the user signed in with Apple.
    public init(session: AuthSession, user: AuthUser, provider: ProviderID? = nil, appleUserID: String? = nil) {
        self.session = session
        self.user = user
        self.provider = provider
        self.appleUserID = appleUserID
    }
}

/// The outcome of a successful sign-in.
public struct AuthenticationResult: Hashable, Sendable {
    /// The signed-in user.
    public var user: AuthUser
    /// The provider credential the sign-in used.
    public var credential: AuthCredential
    /// The backend session.
    public var session: AuthSession
    /// Whether the backend created the account during this sign-in.
    public var isNewUser: Bool
    /// What the provider said about the person (name and email on Apple's first sign-in).
    public var providerProfile: ProviderProfile

    /// Creates a result.
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - credential: The provider credential used.
    ///   - session: The backend session.
    ///   - isNewUser: Whether the account is new.
    ///   - providerProfile: The provider-given profile.
    public init(
        user: AuthUser, credential: AuthCredential, session: AuthSession, isNewUser: Bool,
        providerProfile: ProviderProfile = ProviderProfile()
    ) {
        self.user = user
        self.credential = credential
        self.session = session
        self.isNewUser = isNewUser
        self.providerProfile = providerProfile
    }
}

/// An identity a backend would not sign in with because its email belongs to an account that
/// signs in another way (Firebase `signInWithIdp` answering `needConfirmation`): the account's
/// ways in, and the credential the backend handed back, to link once the user has signed in the
/// way the account knows (no second sheet: the spent provider token is not sent again).
public struct PendingLink: Hashable, Sendable {
    /// The account's address, when the backend gave it.
    public var email: String?
    /// The ways in the account has.
    public var providers: [ProviderID]
    /// The credential to link (Firebase's `pendingToken`, or its echoed `oauthIdToken`).
    public var credential: IDTokenCredential

    /// Creates a pending link.
    /// - Parameters:
    ///   - email: The account's address.
    ///   - providers: Its ways in.
    ///   - credential: The credential to link.
    public init(email: String?, providers: [ProviderID], credential: IDTokenCredential) {
        self.email = email
        self.providers = providers
        self.credential = credential
    }
}

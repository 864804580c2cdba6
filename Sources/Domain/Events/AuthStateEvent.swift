/// A change of authentication state, as announced on the coordinator's stream.
///
/// Every subscriber first receives ``initialSession(_:)`` with the stored session (or `nil`),
/// before any other event.
public enum AuthStateEvent: Hashable, Sendable {
    /// The session restored at start, marked expired or fresh; `nil` when signed out.
    case initialSession(InitialSession?)
    /// A user signed in.
    case signedIn(StoredSession)
    /// The user signed out, by choice or because the backend ended the session.
    case signedOut(SignOutReason)
    /// The session was refreshed (and the new one already persisted).
    case tokenRefreshed(AuthSession)
    /// The user's profile or identities changed.
    case userUpdated(AuthUser)
    /// The account was deleted.
    case userDeleted(userID: String)

    /// A short name for logs and the CLI (`signedIn`, `tokenRefreshed`, …).
    public var name: String {
        switch self {
        case .initialSession: "initialSession"
        case .signedIn: "signedIn"
        case .signedOut: "signedOut"
        case .tokenRefreshed: "tokenRefreshed"
        case .userUpdated: "userUpdated"
        case .userDeleted: "userDeleted"
        }
    }
}

/// The session found at start.
public struct InitialSession: Hashable, Sendable {
    /// The stored session.
    public var stored: StoredSession
    /// Whether its access token had already expired (a refresh follows).
    public var isExpired: Bool

    /// Creates an initial session.
    /// - Parameters:
    ///   - stored: The stored session.
    ///   - isExpired: Whether it had expired.
    public init(stored: StoredSession, isExpired: Bool) {
        self.stored = stored
        self.isExpired = isExpired
    }
}

/// Why a user is no longer signed in.
public enum SignOutReason: Hashable, Sendable {
    /// The user signed out.
    case userRequested
    /// The backend ended the session (revoked, expired, user gone or disabled).
    case sessionEnded(AuthError)
    /// The identity provider reports that the user stopped authorizing the app (Apple's
    /// credential state `revoked` or `notFound`).
    case providerCredentialRevoked(ProviderID)
    /// The account was deleted.
    case accountDeleted
    /// Another process sharing the session store removed the session: a sign-out there (or a
    /// session that ended there), seen here as the stored session going away.
    case elsewhere
}

extension SignOutReason {
    /// The earlier name of ``providerCredentialRevoked(_:)`` for Apple.
    @available(*, deprecated, renamed: "providerCredentialRevoked(_:)")
    public static var appleCredentialRevoked: SignOutReason { .providerCredentialRevoked(.apple) }
}

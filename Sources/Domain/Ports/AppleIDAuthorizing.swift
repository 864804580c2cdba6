/// Obtains an Apple ID credential: the system sheet (`ASAuthorizationController`) on a device,
/// the simulated Apple ID here.
public protocol AppleIDAuthorizing: Sendable {
    /// Shows the sign-in sheet and returns what Apple returned.
    /// - Parameter request: The scopes and the hashed nonce Apple copies into the token.
    /// - Returns: The credential; `fullName` and `email` only on the app's first authorization.
    /// - Throws: ``AuthError``: `cancelled`, `authorizationFailed`, `notHandled`,
    ///   `providerUnavailable`.
    func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential

    /// Asks Apple whether the user's authorization of this app still stands.
    /// - Parameter userID: Apple's stable user identifier (the credential's `user`).
    /// - Returns: The credential state.
    /// - Throws: ``AuthError`` when the state cannot be read.
    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState

    /// Tells, while the app runs, each time Apple reports that the user stopped using Apple ID
    /// with this app (`ASAuthorizationAppleIDProvider.credentialRevokedNotification`), so the app
    /// can sign out then and not only at the next launch.
    /// - Returns: A stream that yields once per report until it is dropped.
    func credentialRevocations() -> AsyncStream<Void>
}

extension AppleIDAuthorizing {
    /// No reports: for authorizers whose provider cannot tell a running app (the simulated
    /// one checks the state at launch instead).
    /// - Returns: A finished stream.
    public func credentialRevocations() -> AsyncStream<Void> { AsyncStream { $0.finish() } }
}

/// What the app asks Apple for.
public struct AppleIDRequest: Hashable, Sendable {
    /// The scopes requested.
    public var scopes: Set<AppleIDScope>
    /// The value Apple copies into the token's `nonce` claim: the SHA-256 hex of the raw nonce.
    public var nonce: String?

    /// Creates a request.
    /// - Parameters:
    ///   - scopes: The scopes requested.
    ///   - nonce: The hashed nonce.
    public init(scopes: Set<AppleIDScope>, nonce: String?) {
        self.scopes = scopes
        self.nonce = nonce
    }
}

/// Data an app may ask Apple to share.
public enum AppleIDScope: String, Hashable, Sendable, CaseIterable {
    /// The user's name (first authorization only).
    case fullName
    /// The user's email or a relay address.
    case email
}

/// What Apple returns after the sheet (`ASAuthorizationAppleIDCredential`).
public struct AppleIDCredential: Hashable, Sendable {
    /// Apple's stable user identifier for this team (the token's `sub`).
    public var user: String
    /// The identity token (a JWT).
    public var identityToken: Secret?
    /// The single-use authorization code, valid for five minutes.
    public var authorizationCode: Secret?
    /// The email, on the first authorization only.
    public var email: String?
    /// The name, on the first authorization only.
    public var fullName: PersonName?

    /// Creates a credential.
    /// - Parameters:
    ///   - user: Apple's user identifier.
    ///   - identityToken: The identity token.
    ///   - authorizationCode: The authorization code.
    ///   - email: The email (first authorization only).
    ///   - fullName: The name (first authorization only).
    public init(
        user: String, identityToken: Secret?, authorizationCode: Secret?, email: String?,
        fullName: PersonName?
    ) {
        self.user = user
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.email = email
        self.fullName = fullName
    }
}

/// Apple's answer to "is this user still signed in to this app?"
/// (`ASAuthorizationAppleIDProvider.CredentialState`).
public enum AppleIDCredentialState: String, Hashable, Sendable, Codable {
    /// The user revoked the app: sign them out.
    case revoked
    /// The authorization stands.
    case authorized
    /// No authorization was ever established.
    case notFound
    /// The app moved to another team; migrate the user id.
    case transferred
}

/// The proof of identity a provider handed over during a sign-in, kept for later steps
/// (linking, token revocation on account deletion).
public struct AuthCredential: Hashable, Sendable {
    /// The provider that issued it.
    public var provider: ProviderID
    /// The provider's stable user id (Apple `user`, Google `sub`), when there is one.
    public var providerUserID: String?
    /// The OpenID Connect ID token, when there is one.
    public var idToken: Secret?
    /// The provider's OAuth access token (Google), when there is one.
    public var accessToken: Secret?
    /// The raw nonce whose SHA-256 the ID token carries.
    public var rawNonce: Secret?
    /// Apple's single-use authorization code (valid five minutes), used to revoke tokens.
    public var authorizationCode: Secret?

    /// Creates a credential.
    /// - Parameters:
    ///   - provider: The issuing provider.
    ///   - providerUserID: The provider's user id.
    ///   - idToken: The ID token.
    ///   - accessToken: The provider access token.
    ///   - rawNonce: The raw nonce.
    ///   - authorizationCode: Apple's authorization code.
    public init(
        provider: ProviderID, providerUserID: String? = nil, idToken: Secret? = nil,
        accessToken: Secret? = nil, rawNonce: Secret? = nil, authorizationCode: Secret? = nil
    ) {
        self.provider = provider
        self.providerUserID = providerUserID
        self.idToken = idToken
        self.accessToken = accessToken
        self.rawNonce = rawNonce
        self.authorizationCode = authorizationCode
    }
}

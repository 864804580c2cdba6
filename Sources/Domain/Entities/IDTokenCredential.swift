/// An identity-provider credential on its way to the auth backend.
public struct IDTokenCredential: Hashable, Sendable {
    /// The issuing provider.
    public var provider: ProviderID
    /// The OpenID Connect ID token.
    public var idToken: Secret
    /// The raw nonce whose SHA-256 hex the token's `nonce` claim carries, if a nonce was used.
    public var rawNonce: Secret?
    /// The provider's OAuth access token (Google), checked against `at_hash` when present.
    public var accessToken: Secret?
    /// A backend-issued handle for a credential it already verified (Firebase `pendingToken`).
    public var pendingToken: Secret?
    /// The name the provider gave on this sign-in (Apple's first authorization).
    public var fullName: PersonName?

    /// Creates a credential.
    /// - Parameters:
    ///   - provider: The issuing provider.
    ///   - idToken: The ID token.
    ///   - rawNonce: The raw nonce.
    ///   - accessToken: The provider access token.
    ///   - pendingToken: A backend handle for an already verified credential.
    ///   - fullName: The provider-given name.
    public init(
        provider: ProviderID, idToken: Secret, rawNonce: Secret? = nil, accessToken: Secret? = nil,
        pendingToken: Secret? = nil, fullName: PersonName? = nil
    ) {
        self.provider = provider
        self.idToken = idToken
        self.rawNonce = rawNonce
        self.accessToken = accessToken
        self.pendingToken = pendingToken
        self.fullName = fullName
    }
}

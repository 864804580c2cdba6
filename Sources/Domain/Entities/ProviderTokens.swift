/// An identity provider's own tokens, as a backend hands them over after a browser sign-in
/// (GoTrue's `provider_token` and `provider_refresh_token`, `api/token.go` and
/// `api/external.go`): Apple's refresh token is what an app revokes when the account is deleted.
/// Only the sign-in that returned them has them: a refresh answers none.
public struct ProviderTokens: Hashable, Sendable, Codable {
    /// The provider's access token.
    public var accessToken: Secret?
    /// The provider's refresh token.
    public var refreshToken: Secret?

    /// Creates the tokens.
    /// - Parameters:
    ///   - accessToken: The provider's access token.
    ///   - refreshToken: The provider's refresh token.
    public init(accessToken: Secret?, refreshToken: Secret?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

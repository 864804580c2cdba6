/// What a provider's token endpoint gives a relying party beside the ID token, which GoTrue
/// hands to the app as `provider_token` and `provider_refresh_token` (`api/token.go`,
/// `api/external.go`): Google's access token; Apple's access and refresh tokens, the refresh
/// token being what an app's server revokes when the account is deleted.
package struct ProviderTokens: Sendable, Hashable {
    /// The provider's `access_token`.
    package var accessToken: String
    /// The provider's `refresh_token`, when it gave one (Google only with `access_type=offline`
    /// on a first consent).
    package var refreshToken: String?

    /// Creates the tokens.
    package init(accessToken: String, refreshToken: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

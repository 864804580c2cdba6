/// The session (`AccessTokenResponse`) Supabase Auth returns from `/token`, `/verify` and
/// anonymous `/signup`.
package struct SupabaseSessionPayload: Codable, Hashable, Sendable {
    package var accessToken: String
    package var tokenType: String
    package var expiresIn: Int
    package var expiresAt: Int
    package var refreshToken: String
    package var user: SupabaseUserPayload
    /// The identity provider's access token after a browser sign-in (`provider_token`; GoTrue
    /// `api/token.go`), absent otherwise.
    package var providerToken: String?
    /// The identity provider's refresh token, when it gave one (`provider_refresh_token`):
    /// Apple's is what a server revokes when the account is deleted.
    package var providerRefreshToken: String?

    package init(accessToken: String, expiresIn: Int, expiresAt: Int, refreshToken: String, user: SupabaseUserPayload) {
        self.accessToken = accessToken
        self.tokenType = "bearer"
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.user = user
    }

    enum CodingKeys: String, CodingKey {
        case user
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case expiresAt = "expires_at"
        case refreshToken = "refresh_token"
        case providerToken = "provider_token"
        case providerRefreshToken = "provider_refresh_token"
    }
}

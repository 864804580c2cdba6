/// Revokes a user's Sign in with Apple tokens, as the App Store requires when an account is
/// deleted (guideline 5.1.1(v), TN3194): the authorization code is exchanged at Apple's
/// `/auth/token` for a refresh token, which `/auth/revoke` then revokes. Both calls need a
/// `client_secret` signed with the team's private key, so in a shipped app this runs on the
/// app's server; the package's adapter is `AppleRESTTokenRevoker`.
public protocol AppleTokenRevoking: Sendable {
    /// Revokes the tokens behind an authorization code.
    /// - Parameter authorizationCode: A fresh code from Apple (valid five minutes, single use).
    /// - Throws: ``AuthError``: `authorizationFailed` for Apple's `invalid_client` /
    ///   `invalid_grant`, `network` when Apple is unreachable.
    func revokeTokens(authorizationCode: Secret) async throws(AuthError)
}

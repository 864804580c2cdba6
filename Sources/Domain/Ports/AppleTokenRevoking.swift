/// Revokes a user's Sign in with Apple tokens, as the App Store requires when an account is
/// deleted (guideline 5.1.1(v), TN3194): the authorization code is exchanged at Apple's
/// `/auth/token` for a refresh token, which `/auth/revoke` then revokes. Both calls need a
/// `client_secret` signed with the team's private key, which never ships in an app: an app uses
/// `AppServerTokenRevoker` (AuthData), which sends the code to the app's own server, and that
/// server calls Apple with `AppleRESTTokenRevoker` (the `AuthAppleServer` library).
public protocol AppleTokenRevoking: Sendable {
    /// Revokes the tokens behind an authorization code.
    /// - Parameter authorizationCode: A fresh code from Apple (valid five minutes, single use).
    /// - Throws: ``AuthError``: `authorizationFailed` for Apple's `invalid_client` /
    ///   `invalid_grant`, `network` when Apple is unreachable.
    func revokeTokens(authorizationCode: Secret) async throws(AuthError)
}

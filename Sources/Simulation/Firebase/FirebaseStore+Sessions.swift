import AuthData
import Foundation

/// Refresh tokens and the checks that a presented token's user is still active.
extension FirebaseStore {
    package func issueRefreshToken(
        for localId: String, signInProvider: String, authTime: Int64, now: Date, secondFactor: String? = nil,
        developerClaims: String? = nil
    ) -> String {
        let token = "AMf-vB" + RandomIdentifiers.base64URL(180)
        rows.insertRefreshToken(
            token,
            FirebaseRefreshRecord(
                localId: localId, signInProvider: signInProvider, authTime: authTime, issuedAt: Int64(now.timeIntervalSince1970),
                secondFactor: secondFactor, developerClaims: developerClaims))
        let tokens = rows.refreshTokens(of: localId)
        for old in tokens.prefix(max(0, tokens.count - configuration.maxRefreshTokensPerUser)) { rows.deleteRefreshToken(old) }
        return token
    }

    /// Refreshes with a stored refresh token. Stricter than firebase-tools, whose `grantToken`
    /// never reads `validSince` (a revoked user's refresh token mints fresh ID tokens there);
    /// production answers `TOKEN_EXPIRED` for a refresh token issued before `validSince`, and
    /// so does this engine.
    package func refresh(_ token: String, now: Date) throws(FirebaseFailure) -> (FirebaseUserRecord, FirebaseRefreshRecord) {
        guard var record = rows.refreshToken(token) else { throw .invalidRefreshToken }
        guard let user = rows.user(record.localId) else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        guard record.issuedAt >= user.validSince else { throw .tokenExpired }
        let found = record
        record.lastRefreshedAt = Int64(now.timeIntervalSince1970)
        rows.updateRefreshToken(token, record)
        return (user, found)
    }

    /// Checks that the user of a verified ID token still exists, is enabled, and that the token
    /// was issued after the user's tokens were last revoked.
    package func activeUser(_ localId: String, issuedAt: Int64) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard let user = rows.user(localId) else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        guard issuedAt >= user.validSince else { throw .tokenExpired }
        return user
    }

    /// Ends every session of a user, as a takeover by a verified provider does (`ops.ts`
    /// `handleIdpSigninEmailRequired` sets `validSince` to now): ID tokens from earlier seconds
    /// fail the `validSince` check, and every refresh token issued so far, even one issued
    /// earlier in this second, is dated before it and so answers `TOKEN_EXPIRED`. (An ID token
    /// minted earlier in this very second stays valid until it expires: `iat` has seconds only,
    /// as in production.)
    /// - Parameters:
    ///   - localId: The user.
    ///   - now: The time.
    func revokeSessions(of localId: String, now: Date) {
        let since = Int64(now.timeIntervalSince1970)
        if var user = rows.user(localId) {
            user.validSince = since
            rows.save(user)
        }
        rows.limitRefreshTokenIssuedAt(of: localId, to: since - 1)
    }
}

import AuthData
import Foundation

/// Refresh tokens and the checks that a presented token's user is still active.
extension FirebaseStore {
    package func issueRefreshToken(for localId: String, signInProvider: String, authTime: Int64, now: Date) -> String {
        let token = "AMf-vB" + RandomIdentifiers.base64URL(180)
        state.refreshTokens[token] = FirebaseRefreshRecord(localId: localId, signInProvider: signInProvider, authTime: authTime, issuedAt: Int64(now.timeIntervalSince1970))
        var tokens = state.refreshTokensByUser[localId, default: []]
        tokens.append(token)
        if tokens.count > configuration.maxRefreshTokensPerUser {
            for old in tokens.prefix(tokens.count - configuration.maxRefreshTokensPerUser) { state.refreshTokens[old] = nil }
            tokens.removeFirst(tokens.count - configuration.maxRefreshTokensPerUser)
        }
        state.refreshTokensByUser[localId] = tokens
        return token
    }

    package func refresh(_ token: String) throws(FirebaseFailure) -> (FirebaseUserRecord, FirebaseRefreshRecord) {
        guard let record = state.refreshTokens[token] else { throw .invalidRefreshToken }
        guard let user = state.users[record.localId] else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        guard record.issuedAt >= user.validSince else { throw .tokenExpired }
        return (user, record)
    }

    /// Checks that the user of a verified ID token still exists, is enabled, and that the token
    /// was issued after the user's tokens were last revoked.
    package func activeUser(_ localId: String, issuedAt: Int64) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard let user = state.users[localId] else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        guard issuedAt >= user.validSince else { throw .tokenExpired }
        return user
    }
}

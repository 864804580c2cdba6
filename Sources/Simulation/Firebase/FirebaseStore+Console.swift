import AuthData
import Foundation

/// The store's side of ``FirebaseEngine``'s console operations.
extension FirebaseStore {
    func consoleUser(_ localId: String) -> (user: FirebaseUserRecord, refreshTokens: [FirebaseRefreshRecord])? {
        guard let user = rows.user(localId) else { return nil }
        return (user, rows.refreshTokens(of: localId).compactMap { rows.refreshToken($0) })
    }

    /// Forgets a user's refresh tokens.
    func forgetRefreshTokens(of localId: String) throws(FirebaseFailure) {
        guard rows.user(localId) != nil else { throw .userNotFound }
        rows.deleteRefreshTokens(of: localId)
    }

    /// Checks that a user exists, then revokes their sessions (``revokeSessions(of:now:)``).
    func revokeSessionsOfExistingUser(_ localId: String, now: Date) throws(FirebaseFailure) {
        guard rows.user(localId) != nil else { throw .userNotFound }
        revokeSessions(of: localId, now: now)
    }
}

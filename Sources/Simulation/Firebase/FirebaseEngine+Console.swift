import AuthData
import Foundation

/// What the emulator's console reads and does beyond the service's routes: users found by uid or
/// email, a user with their refresh tokens, an operator ending or expiring a user's sessions, and a
/// reset. (Deleting and disabling go through the Admin API, ``adminDelete(localId:)`` and
/// ``adminUpdate(_:)``.)
extension FirebaseEngine {
    /// The users whose uid, email or provider email contains `search`, as sort keys only, newest
    /// first and at most `limit`: a page of them is then read with ``consoleUsers(localIds:)``.
    /// - Parameters:
    ///   - search: Lowercased text; empty matches every user.
    ///   - limit: How many keys at most (the page's end).
    /// - Returns: How many users match, and the newest keys.
    /// - Throws: `INTERNAL_ERROR` when the storage fails.
    package func consoleUserKeys(matching search: String, limit: Int) async throws(FirebaseFailure) -> (
        total: Int, keys: [(createdAt: Date, localId: String)]
    ) {
        let found = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.userKeys(matching: search, limit: limit) }
        return (found.total, found.keys.map { (Date(timeIntervalSince1970: Double($0.createdAt) / 1000), $0.localId) })
    }

    /// The users with these uids, in the same order (uids no longer there are skipped).
    /// - Parameter localIds: User ids.
    /// - Returns: The users.
    /// - Throws: `INTERNAL_ERROR` when the storage fails.
    package func consoleUsers(localIds: [String]) async throws(FirebaseFailure) -> [FirebaseUserRecord] {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in localIds.compactMap { store.user($0) } }
    }

    /// A user and their refresh tokens, oldest first.
    /// - Parameter localId: The uid.
    /// - Returns: The user and tokens, or `nil` when there is no such user.
    /// - Throws: `INTERNAL_ERROR` when the storage fails.
    package func consoleUser(_ localId: String) async throws(FirebaseFailure) -> (
        user: FirebaseUserRecord, refreshTokens: [FirebaseRefreshRecord]
    )? {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.consoleUser(localId) }
    }

    /// Ends a user's sessions: their refresh tokens are forgotten, so a refresh answers
    /// `INVALID_REFRESH_TOKEN`; ID tokens name no session and stay valid until they expire.
    /// - Parameter localId: The uid.
    /// - Throws: `USER_NOT_FOUND`.
    package func consoleEndSessions(of localId: String) async throws(FirebaseFailure) {
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.forgetRefreshTokens(of: localId) }
    }

    /// Expires a user's sessions now: `validSince` moves to now, as the Admin SDK's
    /// `revokeRefreshTokens` does, so every refresh token and ID token issued before answers
    /// `TOKEN_EXPIRED`.
    /// - Parameter localId: The uid.
    /// - Throws: `USER_NOT_FOUND`.
    package func consoleExpireSessions(of localId: String) async throws(FirebaseFailure) {
        let now = self.now
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.revokeSessionsOfExistingUser(localId, now: now) }
    }
}

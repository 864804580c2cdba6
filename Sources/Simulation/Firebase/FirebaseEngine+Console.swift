import AuthData
import Foundation

/// What the emulator's console reads and does beyond the service's routes: users found by uid or
/// email, a user with their refresh tokens, an operator ending or expiring a user's sessions, and a
/// reset. (Deleting and disabling go through the Admin API, ``adminDelete(localId:)`` and
/// ``adminUpdate(_:)``.)
extension FirebaseEngine {
    /// The users whose uid, email or provider email contains `search`, as sort keys only: a page
    /// of them is then read with ``consoleUsers(localIds:)``.
    /// - Parameter search: Lowercased text; empty matches every user.
    /// - Returns: Each matching user's creation time and uid, in no particular order.
    package func consoleUserKeys(matching search: String) async -> [(createdAt: Date, localId: String)] {
        await store.consoleUserKeys(matching: search).map { (Date(timeIntervalSince1970: Double($0.createdAt) / 1000), $0.localId) }
    }

    /// The users with these uids, in the same order (uids no longer there are skipped).
    /// - Parameter localIds: User ids.
    /// - Returns: The users.
    package func consoleUsers(localIds: [String]) async -> [FirebaseUserRecord] { await store.consoleUsers(localIds: localIds) }

    /// A user and their refresh tokens, oldest first.
    /// - Parameter localId: The uid.
    /// - Returns: The user and tokens, or `nil` when there is no such user.
    package func consoleUser(_ localId: String) async -> (user: FirebaseUserRecord, refreshTokens: [FirebaseRefreshRecord])? {
        await store.consoleUser(localId)
    }

    /// Ends a user's sessions: their refresh tokens are forgotten, so a refresh answers
    /// `INVALID_REFRESH_TOKEN`; ID tokens name no session and stay valid until they expire.
    /// - Parameter localId: The uid.
    /// - Throws: `USER_NOT_FOUND`.
    package func consoleEndSessions(of localId: String) async throws(FirebaseFailure) {
        try await store.forgetRefreshTokens(of: localId)
    }

    /// Expires a user's sessions now: `validSince` moves to now, as the Admin SDK's
    /// `revokeRefreshTokens` does, so every refresh token and ID token issued before answers
    /// `TOKEN_EXPIRED`.
    /// - Parameter localId: The uid.
    /// - Throws: `USER_NOT_FOUND`.
    package func consoleExpireSessions(of localId: String) async throws(FirebaseFailure) {
        try await store.revokeSessionsOfExistingUser(localId, now: now)
    }

    /// Forgets every user, refresh token, email code and rate-limit window of the project; the
    /// signing key is configuration and stays (`login reset`, the console's reset).
    package func reset() async { await store.reset() }
}

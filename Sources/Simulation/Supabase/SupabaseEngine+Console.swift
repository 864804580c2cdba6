import AuthData
import Foundation

/// What the emulator's console reads and does beyond the service's routes: users found by id or
/// email, a user with their sessions, an operator ending or expiring a user's sessions, and a
/// reset. (Deleting and banning go through the admin API, ``adminDeleteUser(bearer:userID:)`` and
/// ``adminBanUser(bearer:userID:banDuration:)``.)
extension SupabaseEngine {
    /// The users whose id, email or identity email contains `search`, as sort keys only, newest
    /// first and at most `limit`: a page of them is then read with ``consoleUsers(ids:)``, so that
    /// no listing reads every user.
    /// - Parameters:
    ///   - search: Lowercased text; empty matches every user.
    ///   - limit: How many keys at most (the page's end).
    /// - Returns: How many users match, and the newest keys.
    /// - Throws: ``SupabaseFailure/databaseError``.
    package func consoleUserKeys(matching search: String, limit: Int) throws(SupabaseFailure) -> (
        total: Int, keys: [(createdAt: Date, id: String)]
    ) {
        try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.userKeys(matching: search, limit: limit) }
    }

    /// The users with these ids, in the same order (ids no longer there are skipped).
    /// - Parameter ids: User ids.
    /// - Returns: The users.
    /// - Throws: ``SupabaseFailure/databaseError``.
    package func consoleUsers(ids: [String]) throws(SupabaseFailure) -> [SupabaseUserRecord] {
        try inspect { (store: SupabaseStore) throws(SupabaseFailure) in ids.compactMap { store.user($0) } }
    }

    /// A user and their sessions, oldest session first.
    /// - Parameter id: The user id.
    /// - Returns: The user and sessions, or `nil` when there is no such user.
    /// - Throws: ``SupabaseFailure/databaseError``.
    package func consoleUser(_ id: String) throws(SupabaseFailure) -> (user: SupabaseUserRecord, sessions: [SupabaseSessionRecord])? {
        try inspect { (store: SupabaseStore) throws(SupabaseFailure) -> (user: SupabaseUserRecord, sessions: [SupabaseSessionRecord])? in
            guard let user = store.user(id) else { return nil }
            return (user, store.rows.sessionIDs(userID: id).compactMap { store.rows.session($0) })
        }
    }

    /// Ends every session of a user, as a global sign-out does: their refresh tokens are
    /// forgotten (`refresh_token_not_found`) and their access tokens refused (`session_not_found`).
    /// - Parameter userID: The user.
    /// - Throws: `user_not_found` (404) for an unknown user.
    package func consoleEndSessions(of userID: String) throws(SupabaseFailure) {
        try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) in
            guard store.user(userID) != nil else { throw .adminUserNotFound }
            for session in store.rows.sessionIDs(userID: userID) { store.endSession(session) }
        }
    }

    /// Expires every session of a user now (`sessions.not_after`): the sessions stay, a refresh
    /// answers 400 `session_expired`, and access tokens already issued work until their `exp`, as
    /// in GoTrue, which checks `not_after` only when refreshing.
    /// - Parameter userID: The user.
    /// - Throws: `user_not_found` (404) for an unknown user.
    package func consoleExpireSessions(of userID: String) throws(SupabaseFailure) {
        let now = clock.now()
        try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) in
            guard store.user(userID) != nil else { throw .adminUserNotFound }
            for id in store.rows.sessionIDs(userID: userID) {
                guard var session = store.rows.session(id) else { continue }
                session.notAfter = now
                store.rows.update(session)
            }
        }
    }
}

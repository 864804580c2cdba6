import AuthData
import Foundation

/// What the emulator's console reads and does beyond the service's routes: users found by id or
/// email, a user with their sessions, an operator ending or expiring a user's sessions, and a
/// reset. (Deleting and banning go through the admin API, ``adminDeleteUser(bearer:userID:)`` and
/// ``adminBanUser(bearer:userID:banDuration:)``.)
extension SupabaseEngine {
    /// The users whose id, email or identity email contains `search`, as sort keys only: a page
    /// of them is then read with ``consoleUsers(ids:)``, so that no listing copies every user.
    /// - Parameter search: Lowercased text; empty matches every user.
    /// - Returns: Each matching user's creation time and id, in no particular order.
    package func consoleUserKeys(matching search: String) -> [(createdAt: Date, id: String)] {
        store.withLock { store in
            store.state.users.values.compactMap { user in
                guard search.isEmpty || user.id.contains(search) || user.email.contains(search)
                    || user.identities.contains(where: { $0.email?.lowercased().contains(search) == true })
                else { return nil }
                return (user.createdAt, user.id)
            }
        }
    }

    /// The users with these ids, in the same order (ids no longer there are skipped).
    /// - Parameter ids: User ids.
    /// - Returns: The users.
    package func consoleUsers(ids: [String]) -> [SupabaseUserRecord] {
        store.withLock { store in ids.compactMap { store.state.users[$0] } }
    }

    /// A user and their sessions, oldest session first.
    /// - Parameter id: The user id.
    /// - Returns: The user and sessions, or `nil` when there is no such user.
    package func consoleUser(_ id: String) -> (user: SupabaseUserRecord, sessions: [SupabaseSessionRecord])? {
        store.withLock { store in
            guard let user = store.state.users[id] else { return nil }
            return (user, (store.state.sessionsByUser[id] ?? []).compactMap { store.state.sessions[$0] })
        }
    }

    /// Ends every session of a user, as a global sign-out does: their refresh tokens are
    /// forgotten (`refresh_token_not_found`) and their access tokens refused (`session_not_found`).
    /// - Parameter userID: The user.
    /// - Throws: `user_not_found` (404) for an unknown user.
    package func consoleEndSessions(of userID: String) throws(SupabaseFailure) {
        try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in
            guard store.state.users[userID] != nil else { throw .adminUserNotFound }
            for session in store.state.sessionsByUser[userID] ?? [] { store.endSession(session) }
        }
    }

    /// Expires every session of a user now (`sessions.not_after`): the sessions stay, a refresh
    /// answers 400 `session_expired`, and access tokens already issued work until their `exp`, as
    /// in GoTrue, which checks `not_after` only when refreshing.
    /// - Parameter userID: The user.
    /// - Throws: `user_not_found` (404) for an unknown user.
    package func consoleExpireSessions(of userID: String) throws(SupabaseFailure) {
        let now = clock.now()
        try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in
            guard store.state.users[userID] != nil else { throw .adminUserNotFound }
            for session in store.state.sessionsByUser[userID] ?? [] { store.state.sessions[session]?.notAfter = now }
        }
    }
}

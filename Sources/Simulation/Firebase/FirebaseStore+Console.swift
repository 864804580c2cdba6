import AuthData
import Foundation

/// The store's side of ``FirebaseEngine``'s console operations.
extension FirebaseStore {
    /// The sort keys (creation time in milliseconds, uid) of the users whose uid or email, or a
    /// provider's email, contains `search`.
    func consoleUserKeys(matching search: String) -> [(createdAt: Int64, localId: String)] {
        state.users.values.compactMap { user in
            guard search.isEmpty || user.localId.lowercased().contains(search) || user.email?.contains(search) == true
                || user.providers.contains(where: { $0.email?.lowercased().contains(search) == true })
            else { return nil }
            return (user.createdAt, user.localId)
        }
    }

    func consoleUsers(localIds: [String]) -> [FirebaseUserRecord] { localIds.compactMap { state.users[$0] } }

    func consoleUser(_ localId: String) -> (user: FirebaseUserRecord, refreshTokens: [FirebaseRefreshRecord])? {
        guard let user = state.users[localId] else { return nil }
        return (user, (state.refreshTokensByUser[localId] ?? []).compactMap { state.refreshTokens[$0] })
    }

    /// Forgets a user's refresh tokens.
    func forgetRefreshTokens(of localId: String) throws(FirebaseFailure) {
        guard state.users[localId] != nil else { throw .userNotFound }
        for token in state.refreshTokensByUser[localId] ?? [] { state.refreshTokens[token] = nil }
        state.refreshTokensByUser[localId] = nil
    }

    /// Checks that a user exists, then revokes their sessions (``revokeSessions(of:now:)``).
    func revokeSessionsOfExistingUser(_ localId: String, now: Date) throws(FirebaseFailure) {
        guard state.users[localId] != nil else { throw .userNotFound }
        revokeSessions(of: localId, now: now)
    }

    /// Forgets everything, email codes and rate-limit windows included.
    func reset() { state = FirebaseState() }
}

import Foundation

/// The Supabase-like engine's rows, after GoTrue's `auth` schema: `users` with their
/// `identities` and `one_time_tokens`, `sessions`, `refresh_tokens`, `flow_state`, and the MFA
/// rows of ``SupabaseMFARows``.
///
/// Lookups by email, by identity and by code are indexes over the users as saved: saving a user
/// is what moves them.
package protocol SupabaseRows: SupabaseMFARows {
    /// A user, with its identities (oldest first) and outstanding codes.
    func user(_ id: String) -> SupabaseUserRecord?
    /// The user whose `email` this is (exact match; emails are stored normalized).
    func userID(email: String) -> String?
    /// The user whose `phone` this is (E.164 digits without `+`, as stored).
    func userID(phone: String) -> String?
    /// The user of the identity `provider`/`subject` (GoTrue's `unique(provider_id, provider)`).
    func userID(provider: String, subject: String) -> String?
    /// The distinct users with an identity whose email, lowercased, is `identityEmail`.
    func userIDs(identityEmail: String) -> [String]
    /// The user whose outstanding email code (``SupabaseUserRecord/otp``, or a code of its
    /// ``SupabaseUserRecord/emailChange``; not the reauthentication code) has this hash.
    func userID(emailCodeHash: String) -> String?
    /// Inserts or replaces a user, its identities and its codes.
    func save(_ user: SupabaseUserRecord)
    /// Deletes a user with its identities, codes, sessions and their refresh tokens.
    func deleteUser(_ id: String)
    /// How many users there are.
    func userCount() -> Int
    /// The users whose id or email, or an identity's email, contains `search` (lowercased;
    /// empty: every user), newest first, as sort keys only (the console reads a page of them).
    /// - Parameters:
    ///   - search: The text.
    ///   - limit: How many keys at most.
    /// - Returns: How many users match, and the first `limit` keys.
    func userKeys(matching search: String, limit: Int) -> (total: Int, keys: [(createdAt: Date, id: String)])
    /// Users newest first (`created_at desc`, then `id desc`), for listings.
    /// - Parameters:
    ///   - offset: How many to skip.
    ///   - limit: How many at most.
    func users(offset: Int, limit: Int) -> [SupabaseUserRecord]

    /// A session, with its active (newest) refresh token.
    func session(_ id: String) -> SupabaseSessionRecord?
    /// A user's sessions, oldest first.
    func sessionIDs(userID: String) -> [String]
    /// A user's sessions but the newest `count`, oldest first: those a cap of `count` sessions ends.
    func sessionIDs(userID: String, beyondNewest count: Int) -> [String]
    /// Inserts a session (its first refresh token follows with ``insertRefreshToken(_:_:)``).
    func insert(_ session: SupabaseSessionRecord)
    /// Writes a session's `refreshed_at` and `not_after`.
    func update(_ session: SupabaseSessionRecord)
    /// Deletes a session and its refresh tokens.
    func deleteSession(_ id: String)

    /// A refresh token's row.
    func refreshToken(_ token: String) -> SupabaseRefreshTokenRecord?
    /// A session's refresh tokens, oldest first (its rotation chain).
    func refreshTokens(sessionID: String) -> [String]
    /// Inserts a refresh token; it becomes its session's active token.
    func insertRefreshToken(_ token: String, _ record: SupabaseRefreshTokenRecord)
    /// Marks a token revoked at `date` (again, if it was: its `updated_at` moves).
    func revokeRefreshToken(_ token: String, at date: Date)
    /// Marks every token of a session that is not revoked yet revoked at `date`.
    func revokeRefreshTokens(sessionID: String, at date: Date)

    /// A browser sign-in in progress.
    func flowState(_ id: String) -> SupabaseFlowStateRecord?
    /// The flow state holding an auth code.
    func flowState(authCode: String) -> SupabaseFlowStateRecord?
    /// The newest flow state of a user with this `authentication_method` (GoTrue `FindFlowStateByUserID`).
    func flowState(userID: String, authenticationMethod: String) -> SupabaseFlowStateRecord?
    /// Inserts or replaces a flow state.
    func save(_ flowState: SupabaseFlowStateRecord)
    /// Deletes a flow state.
    func deleteFlowState(_ id: String)
    /// Deletes the flow states created at or before `date`.
    func deleteFlowStates(createdAtOrBefore date: Date)

    /// Deletes every user (with identities, codes, sessions and refresh tokens) and flow state;
    /// the stamp stays (`login reset`).
    func deleteAll()

    /// The last instant the engine stamped (strictly increasing across restarts).
    var lastStamp: Date { get set }

    /// The passkey tables (`webauthn_credentials`, `webauthn_challenges`).
    var passkeys: any PasskeyRows { get }
}

import AuthData
import AuthJWT
import Foundation

/// The Supabase-like engine's state and every rule that changes it. The engine keeps it behind
/// a lock (`Locked<SupabaseStore>`), so that each request is one atomic step (no half-created
/// user if a client goes away); cryptography happens outside, in ``SupabaseEngine``. A lock
/// rather than an actor: each step is a few microseconds of dictionary work, and an actor would
/// cost every sign-in two executor hops (measured: the emulator's sign-in route got faster).
///
/// The rules live in extensions by concern: `+Linking` (id_token sign-in and linking),
/// `+EmailCodes` (OTP, token hashes, resend, reauthentication), `+Sessions` (refresh, access
/// tokens, sign-out) and `+Users` (profile, unlink, bans, deletion).
package struct SupabaseStore {
    /// A session just issued or re-issued, ready for an access token.
    package struct Issued: Sendable {
        package var user: SupabaseUserRecord
        package var sessionID: String
        package var refreshToken: String
        package var amrMethod: String
        package var amrTimestamp: Int64
        /// Whether the response shows `confirmed_at`: GoTrue's `confirmed_at` is a generated
        /// column that a request only sees after reloading the user, so a user confirmed by the
        /// id_token grant itself (or never) has none in that response.
        package var showsConfirmedAt = true
    }

    /// An identity proven by a verified ID token.
    package struct ProvenIdentity: Sendable {
        package var provider: String
        package var subject: String
        package var email: String?
        package var emailVerified: Bool
        package var identityData: JSONObject
    }

    var state: SupabaseState
    let configuration: SupabaseEngineConfiguration
    /// Lowercased identity email → the user of each identity with it (GoTrue's generated
    /// `identities.email` column and its index); rebuilt from the users, never persisted.
    var identityEmails: [String: [String]] = [:]

    package init(state: SupabaseState, configuration: SupabaseEngineConfiguration) {
        self.state = state
        self.configuration = configuration
        for user in state.users.values {
            for identity in user.identities { if let email = identity.email { identityEmails[email.lowercased(), default: []].append(user.id) } }
        }
    }

    /// A copy of all state, for persistence.
    package var snapshot: SupabaseState { state }

    /// The number of users (diagnostics, benchmarks).
    package var userCount: Int { state.users.count }

    package func user(_ userID: String) -> SupabaseUserRecord? { state.users[userID] }

    package func userID(forEmail email: String) -> String? { state.emailIndex[email] }

    // MARK: - Shared steps

    /// A strictly increasing microsecond timestamp. GoTrue stamps the records of one request at
    /// the instants it writes them (`created_at` before the identity, before
    /// `email_confirmed_at`, before `last_sign_in_at`, before `updated_at`), so each write takes
    /// its own stamp, and later requests are always later.
    mutating func stamp(_ now: Date) -> Date {
        let micros = (now.timeIntervalSince1970 * 1_000_000).rounded()
        let last = (state.lastStamp.timeIntervalSince1970 * 1_000_000).rounded()
        let next = Date(timeIntervalSince1970: max(micros, last + 1) / 1_000_000)
        state.lastStamp = next
        return next
    }

    mutating func insert(_ user: SupabaseUserRecord) {
        state.users[user.id] = user
        if !user.email.isEmpty, state.emailIndex[user.email] == nil { state.emailIndex[user.email] = user.id }
        for identity in user.identities { index(identity, of: user.id) }
    }

    /// `User.Confirm` (models/user.go): `email_confirmed_at`, `email_verified` in the metadata,
    /// and every outstanding one-time code dropped.
    func confirm(_ user: inout SupabaseUserRecord, now: Date) {
        user.emailConfirmedAt = now
        user.otp = nil
        user.userMetadata["email_verified"] = .bool(true)
        for index in user.identities.indices where user.identities[index].provider == "email" {
            user.identities[index].identityData["email_verified"] = .bool(true)
        }
    }

    /// `models.NewIdentity` then `tx.Create`: `last_sign_in_at` is taken before `created_at`.
    mutating func makeIdentity(_ identity: ProvenIdentity, userID: String, now clock: Date) -> SupabaseIdentityRecord {
        let signedIn = stamp(clock)
        let created = stamp(clock)
        return SupabaseIdentityRecord(
            identityID: RandomIdentifiers.uuid(), provider: identity.provider, providerID: identity.subject,
            identityData: identity.identityData, email: identity.email, createdAt: created, updatedAt: created, lastSignInAt: signedIn)
    }

    /// Adds an identity to the indexes (by provider and subject, and by email).
    mutating func index(_ identity: SupabaseIdentityRecord, of userID: String) {
        state.identityIndex[SupabaseState.identityKey(provider: identity.provider, subject: identity.providerID)] = userID
        if let email = identity.email?.lowercased() { identityEmails[email, default: []].append(userID) }
    }

    /// Removes an identity from the indexes.
    mutating func unindex(_ identity: SupabaseIdentityRecord, of userID: String) {
        state.identityIndex[SupabaseState.identityKey(provider: identity.provider, subject: identity.providerID)] = nil
        guard let email = identity.email?.lowercased(), var owners = identityEmails[email] else { return }
        if let position = owners.firstIndex(of: userID) { owners.remove(at: position) }
        identityEmails[email] = owners.isEmpty ? nil : owners
    }

    /// `IssueRefreshToken` (tokens/service.go): a session, `last_sign_in_at`, then `updated_at`.
    mutating func issueSession(for userID: String, amr: String, now clock: Date, showsConfirmedAt: Bool = true) -> Issued {
        let now = stamp(clock)
        let sessionID = RandomIdentifiers.uuid()
        let token = RandomIdentifiers.supabaseRefreshToken()
        let amrTimestamp = Int64(now.timeIntervalSince1970)
        state.sessions[sessionID] = SupabaseSessionRecord(
            id: sessionID, userID: userID, createdAt: now, amrMethod: amr, amrTimestamp: amrTimestamp,
            activeRefreshToken: token, refreshTokens: [token])
        state.refreshTokens[token] = SupabaseRefreshTokenRecord(sessionID: sessionID, parent: nil, revokedAt: nil)
        state.sessionsByUser[userID, default: []].append(sessionID)
        if let limit = configuration.maxSessionsPerUser, let count = state.sessionsByUser[userID]?.count, count > limit {
            // The oldest sessions go first; they lead the list, so the search ends at once.
            for session in Array(state.sessionsByUser[userID, default: []].prefix(count - limit)) { endSession(session) }
        }
        state.users[userID]?.lastSignInAt = now
        let updated = stamp(clock)
        state.users[userID]?.updatedAt = updated
        return Issued(user: state.users[userID]!, sessionID: sessionID, refreshToken: token, amrMethod: amr,
                      amrTimestamp: amrTimestamp, showsConfirmedAt: showsConfirmedAt)
    }

    mutating func endSession(_ sessionID: String) {
        guard let session = state.sessions.removeValue(forKey: sessionID) else { return }
        for token in session.refreshTokens { state.refreshTokens[token] = nil }
        if let index = state.sessionsByUser[session.userID]?.firstIndex(of: sessionID) {
            state.sessionsByUser[session.userID]?.remove(at: index)
        }
    }

    func isBanned(_ user: SupabaseUserRecord, now: Date) -> Bool {
        guard let until = user.bannedUntil else { return false }
        return until > now
    }

    func ensureNotBanned(_ user: SupabaseUserRecord, now: Date) throws(SupabaseFailure) {
        if isBanned(user, now: now) { throw .userBanned }
    }

    /// The stored form of a code: SHA-256 hex of the lowercased email and the code (GoTrue
    /// uses SHA-224, which swift-crypto does not offer; the code is never stored in clear).
    /// It is also the `token_hash` of the emailed link.
    static func hash(email: String, code: String) -> String { SHA256Hex.hash(email.lowercased() + code) }
}

import AuthData
import AuthJWT
import Foundation

/// Every rule that changes the Supabase-like engine's rows. Each request runs it as one storage
/// step (``SupabaseEngine`` opens the step; its writes are committed before the answer), so a
/// request is atomic: no half-created user if a client goes away. Cryptography happens outside,
/// in ``SupabaseEngine``.
///
/// The rules live in extensions by concern: `+Linking` (id_token sign-in and linking),
/// `+EmailCodes` (OTP, token hashes, resend, reauthentication), `+Sessions` (refresh, access
/// tokens, sign-out), `+FlowStates` (the browser flow) and `+Users` (profile, unlink, bans,
/// deletion). The rows are GoTrue's tables (``SupabaseRows``): lookups by email and by identity
/// are their indexes, which saving a user keeps up to date.
package struct SupabaseStore {
    /// A session just issued or re-issued, ready for an access token: with what its claims need
    /// (the session's `aal` and later AMR entries, the user's factors) read in the same step, so
    /// that the answer needs no read after the write (``issued(_:session:refreshToken:)``).
    package struct Issued: Sendable {
        package var user: SupabaseUserRecord
        package var sessionID: String
        package var refreshToken: String
        package var amrMethod: String
        package var amrTimestamp: Int64
        /// The session's `aal`.
        package var aal: String
        /// The session's AMR entries after the first (`totp`).
        package var laterAMR: [SupabaseAMREntry]
        /// The user's factors.
        package var factors: [SupabaseFactorRecord]
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

    let rows: any SupabaseRows
    let configuration: SupabaseEngineConfiguration

    /// Rules over one step's rows.
    /// - Parameters:
    ///   - rows: The step's rows.
    ///   - configuration: The engine's configuration.
    package init(rows: any SupabaseRows, configuration: SupabaseEngineConfiguration) {
        self.rows = rows
        self.configuration = configuration
    }

    package func user(_ userID: String) -> SupabaseUserRecord? { rows.user(userID) }

    package func userID(forEmail email: String) -> String? { rows.userID(email: email) }

    // MARK: - Shared steps

    /// A strictly increasing microsecond timestamp. GoTrue stamps the records of one request at
    /// the instants it writes them (`created_at` before the identity, before
    /// `email_confirmed_at`, before `last_sign_in_at`, before `updated_at`), so each write takes
    /// its own stamp, and later requests are always later.
    func stamp(_ now: Date) -> Date {
        let micros = (now.timeIntervalSince1970 * 1_000_000).rounded()
        let last = (rows.lastStamp.timeIntervalSince1970 * 1_000_000).rounded()
        let next = Date(timeIntervalSince1970: max(micros, last + 1) / 1_000_000)
        rows.lastStamp = next
        return next
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
    func makeIdentity(_ identity: ProvenIdentity, userID: String, now clock: Date) -> SupabaseIdentityRecord {
        let signedIn = stamp(clock)
        let created = stamp(clock)
        return SupabaseIdentityRecord(
            identityID: RandomIdentifiers.uuid(), provider: identity.provider, providerID: identity.subject,
            identityData: identity.identityData, email: identity.email, createdAt: created, updatedAt: created, lastSignInAt: signedIn)
    }

    /// `IssueRefreshToken` (tokens/service.go): a session, `last_sign_in_at`, then `updated_at`.
    func issueSession(for userID: String, amr: String, now clock: Date, showsConfirmedAt: Bool = true) throws(SupabaseFailure) -> Issued {
        guard var user = rows.user(userID) else { throw .userNotFound }
        let now = stamp(clock)
        let sessionID = RandomIdentifiers.uuid()
        let token = RandomIdentifiers.supabaseRefreshToken()
        let amrTimestamp = Int64(now.timeIntervalSince1970)
        rows.insert(
            SupabaseSessionRecord(
                id: sessionID, userID: userID, createdAt: now, amrMethod: amr, amrTimestamp: amrTimestamp, activeRefreshToken: token))
        rows.insertRefreshToken(token, SupabaseRefreshTokenRecord(sessionID: sessionID, parent: nil, revokedAt: nil))
        if let limit = configuration.maxSessionsPerUser {
            // The oldest sessions go first.
            for session in rows.sessionIDs(userID: userID, beyondNewest: limit) { endSession(session) }
        }
        user.lastSignInAt = now
        user.updatedAt = stamp(clock)
        rows.save(user)
        let session = SupabaseSessionRecord(
            id: sessionID, userID: userID, createdAt: now, amrMethod: amr, amrTimestamp: amrTimestamp, activeRefreshToken: token)
        var issued = issued(user, session: session, refreshToken: token)
        issued.showsConfirmedAt = showsConfirmedAt
        return issued
    }

    /// The answer for a session, with the user's factors read in this step.
    /// - Parameters:
    ///   - user: The user as this step saved it.
    ///   - session: The session as it is now.
    ///   - refreshToken: The refresh token the answer carries.
    /// - Returns: The issued session.
    func issued(_ user: SupabaseUserRecord, session: SupabaseSessionRecord, refreshToken: String) -> Issued {
        Issued(
            user: user, sessionID: session.id, refreshToken: refreshToken, amrMethod: session.amrMethod,
            amrTimestamp: session.amrTimestamp, aal: session.aal, laterAMR: session.laterAMR, factors: rows.factors(userID: user.id))
    }

    func endSession(_ sessionID: String) { rows.deleteSession(sessionID) }

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

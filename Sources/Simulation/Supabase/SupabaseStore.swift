import AuthData
import AuthJWT
import Foundation

/// The Supabase-like engine's state and every rule that changes it. The engine keeps it behind
/// a lock (`Locked<SupabaseStore>`), so that each request is one atomic step (no half-created
/// user if a client goes away); cryptography happens outside, in ``SupabaseEngine``. A lock
/// rather than an actor: each step is a few microseconds of dictionary work, and an actor would
/// cost every sign-in two executor hops (measured: the emulator's sign-in route got faster).
package struct SupabaseStore {
    /// A session just issued or re-issued, ready for an access token.
    package struct Issued: Sendable {
        package var user: SupabaseUserRecord
        package var sessionID: String
        package var refreshToken: String
        package var amrMethod: String
        package var amrTimestamp: Int64
    }

    /// An identity proven by a verified ID token.
    package struct ProvenIdentity: Sendable {
        package var provider: String
        package var subject: String
        package var email: String?
        package var emailVerified: Bool
        package var identityData: JSONObject
    }

    private(set) var state: SupabaseState
    private let configuration: SupabaseEngineConfiguration

    package init(state: SupabaseState, configuration: SupabaseEngineConfiguration) {
        self.state = state
        self.configuration = configuration
    }

    /// A copy of all state, for persistence.
    package var snapshot: SupabaseState { state }

    /// The number of users (diagnostics, benchmarks).
    package var userCount: Int { state.users.count }

    // MARK: - Sign-in

    package mutating func signIn(with identity: ProvenIdentity, now clock: Date) throws(SupabaseFailure) -> Issued {
        let now = stamp(clock)
        let key = SupabaseState.identityKey(provider: identity.provider, subject: identity.subject)
        if let userID = state.identityIndex[key], state.users[userID] != nil {
            try ensureNotBanned(state.users[userID]!, now: now)
            // Updated in place: a returning sign-in copies no identities and no metadata.
            Self.recordSignIn(of: identity, at: now, in: &state.users[userID]!)
            return issueSession(for: userID, amr: "oauth", now: now)
        }
        if identity.emailVerified, let email = identity.email, let userID = state.emailIndex[email], var user = state.users[userID], !user.isAnonymous {
            try ensureNotBanned(user, now: now)
            user.identities.append(makeIdentity(identity, userID: userID, now: now))
            if user.emailConfirmedAt == nil { confirm(&user, now: now) }
            state.users[userID] = user
            state.identityIndex[key] = userID
            return issueSession(for: userID, amr: "oauth", now: now)
        }
        let userID = RandomIdentifiers.uuid()
        let email = identity.email.flatMap { state.emailIndex[$0] == nil ? $0 : nil } ?? ""
        var user = SupabaseUserRecord(
            id: userID, email: email, emailConfirmedAt: nil, userMetadata: identity.identityData,
            identities: [makeIdentity(identity, userID: userID, now: now)], createdAt: now, updatedAt: now,
            lastSignInAt: nil, isAnonymous: false)
        if identity.emailVerified { confirm(&user, now: now) }
        insert(user)
        state.identityIndex[key] = userID
        guard identity.emailVerified || email.isEmpty else {
            throw .api(status: 422, code: "provider_email_needs_verification",
                       message: "Unverified email with \(identity.provider). A confirmation email has been sent to your \(identity.provider) email")
        }
        return issueSession(for: userID, amr: "oauth", now: now)
    }

    package mutating func link(_ identity: ProvenIdentity, toUser userID: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        let now = stamp(clock)
        guard var user = state.users[userID] else { throw .userNotFound }
        let key = SupabaseState.identityKey(provider: identity.provider, subject: identity.subject)
        if let owner = state.identityIndex[key] {
            throw owner == userID ? .identityLinked : .identityLinkedToOther
        }
        if let email = identity.email, let owner = state.emailIndex[email], owner != userID { throw .emailExists }
        user.identities.append(makeIdentity(identity, userID: userID, now: now))
        if user.email.isEmpty, let email = identity.email {
            user.email = email
            state.emailIndex[email] = userID
        }
        if identity.emailVerified {
            if user.emailConfirmedAt == nil { confirm(&user, now: now) }
            user.isAnonymous = false
        }
        user.userMetadata = user.userMetadata.merging(identity.identityData)
        user.updatedAt = now
        state.users[userID] = user
        state.identityIndex[key] = userID
        guard identity.emailVerified else {
            throw .api(status: 422, code: "email_not_confirmed", message: "Email not confirmed")
        }
        return issueSession(for: userID, amr: "oauth", now: now)
    }

    package mutating func signUpAnonymously(data: JSONObject, now clock: Date) throws(SupabaseFailure) -> Issued {
        guard configuration.anonymousSignInsEnabled else { throw .anonymousDisabled }
        let now = stamp(clock)
        let user = SupabaseUserRecord(
            id: RandomIdentifiers.uuid(), email: "", emailConfirmedAt: nil, userMetadata: data, identities: [],
            createdAt: now, updatedAt: now, lastSignInAt: nil, isAnonymous: true)
        insert(user)
        return issueSession(for: user.id, amr: "anonymous", now: now)
    }

    // MARK: - Email one-time codes

    /// Creates (when allowed) the user and a new code; returns the code to mail.
    package mutating func requestOTP(email: String, createUser: Bool, data: JSONObject, now clock: Date) throws(SupabaseFailure) -> (code: String, kind: String) {
        let now = stamp(clock)
        var user: SupabaseUserRecord
        if let userID = state.emailIndex[email], let existing = state.users[userID] {
            user = existing
        } else {
            guard createUser else { throw .api(status: 422, code: "otp_disabled", message: "Signups not allowed for otp") }
            let userID = RandomIdentifiers.uuid()
            let identityData: JSONObject = [
                "sub": .string(userID), "email": .string(email), "email_verified": .bool(false), "phone_verified": .bool(false),
            ]
            user = SupabaseUserRecord(
                id: userID, email: email, emailConfirmedAt: nil, userMetadata: identityData.merging(data),
                identities: [SupabaseIdentityRecord(
                    identityID: RandomIdentifiers.uuid(), provider: "email", providerID: userID, identityData: identityData,
                    email: email, createdAt: now, updatedAt: now, lastSignInAt: nil)],
                createdAt: now, updatedAt: now, lastSignInAt: nil, isAnonymous: false)
            insert(user)
        }
        let confirmed = user.emailConfirmedAt != nil
        if let lastSent = confirmed ? user.recoverySentAt : user.confirmationSentAt {
            let elapsed = now.timeIntervalSince(lastSent)
            if elapsed < configuration.emailResendInterval {
                throw .emailRateLimit(after: Int((configuration.emailResendInterval - elapsed).rounded(.up)))
            }
        }
        let code = RandomIdentifiers.numericCode(digits: configuration.otpLength)
        let kind = confirmed ? "magiclink" : "confirmation"
        user.otp = SupabaseOTPRecord(tokenHash: Self.hash(email: email, code: code), kind: kind, sentAt: now, wrongAttempts: 0)
        if confirmed { user.recoverySentAt = now } else { user.confirmationSentAt = now }
        state.users[user.id] = user
        return (code, kind)
    }

    package mutating func verifyOTP(email: String, code: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        let now = stamp(clock)
        guard let userID = state.emailIndex[email], var user = state.users[userID], var otp = user.otp else { throw .otpExpired }
        try ensureNotBanned(user, now: now)
        guard otp.wrongAttempts < configuration.maxWrongOTPAttempts else { throw .tooManyWrongCodes }
        guard SHA256Hex.constantTimeEquals(otp.tokenHash, Self.hash(email: email, code: code)) else {
            otp.wrongAttempts += 1
            user.otp = otp
            state.users[userID] = user
            throw .otpExpired
        }
        user.otp = nil
        guard now.timeIntervalSince(otp.sentAt) <= configuration.otpLifetime else {
            state.users[userID] = user
            throw .otpExpired
        }
        if user.emailConfirmedAt == nil { confirm(&user, now: now) }
        state.users[userID] = user
        return issueSession(for: userID, amr: "otp", now: now)
    }

    // MARK: - Sessions

    package mutating func refresh(token: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        let now = stamp(clock)
        guard token.utf8.count >= 12 else { throw .validation("Refresh token is not valid") }
        guard let record = state.refreshTokens[token], let session = state.sessions[record.sessionID],
              let user = state.users[session.userID]
        else { throw .refreshTokenNotFound }
        guard !isBanned(user, now: now) else { throw .api(status: 400, code: "user_banned", message: "User is banned") }
        guard let revokedAt = record.revokedAt else {
            return rotate(token, in: session, user: user, now: now)
        }
        if state.refreshTokens[session.activeRefreshToken]?.parent == token {
            return Issued(user: user, sessionID: session.id, refreshToken: session.activeRefreshToken,
                          amrMethod: session.amrMethod, amrTimestamp: session.amrTimestamp)
        }
        if now.timeIntervalSince(revokedAt) < configuration.refreshTokenReuseInterval {
            return rotate(token, in: session, user: user, now: now)
        }
        endSession(session.id)
        throw .refreshTokenAlreadyUsed
    }

    /// Checks that the user and session named by a verified access token still exist.
    package mutating func authenticate(userID: String, sessionID: String?, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard let user = state.users[userID] else { throw .userNotFound }
        if let sessionID, state.sessions[sessionID] == nil { throw .sessionNotFound }
        guard !isBanned(user, now: clock) else { throw .userBanned }
        return user
    }

    package mutating func updateUser(_ userID: String, data: JSONObject?, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord {
        let now = stamp(clock)
        guard var user = state.users[userID] else { throw .userNotFound }
        if let data { user.userMetadata = user.userMetadata.merging(data) }
        user.updatedAt = now
        state.users[userID] = user
        return user
    }

    package mutating func unlinkIdentity(_ identityID: String, fromUser userID: String, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord {
        let now = stamp(clock)
        guard var user = state.users[userID] else { throw .userNotFound }
        guard let index = user.identities.firstIndex(where: { $0.identityID == identityID }) else { throw .identityNotFound }
        guard user.identities.count > 1 else { throw .singleIdentity }
        let removed = user.identities.remove(at: index)
        state.identityIndex[SupabaseState.identityKey(provider: removed.provider, subject: removed.providerID)] = nil
        user.updatedAt = now
        state.users[userID] = user
        return user
    }

    package mutating func logout(userID: String, sessionID: String?, scope: String) throws(SupabaseFailure) {
        let sessions = state.sessionsByUser[userID] ?? []
        switch (scope, sessionID) {
        case ("local", let current?): endSession(current)
        case ("others", let current?): for session in sessions where session != current { endSession(session) }
        case ("others", nil): break
        case ("global", _), ("", _), ("local", nil): for session in sessions { endSession(session) }
        default: throw .validation("Unsupported logout scope \"\(scope)\"")
        }
    }

    package mutating func deleteUser(_ userID: String) throws(SupabaseFailure) {
        guard let user = state.users.removeValue(forKey: userID) else { throw .adminUserNotFound }
        for identity in user.identities {
            state.identityIndex[SupabaseState.identityKey(provider: identity.provider, subject: identity.providerID)] = nil
        }
        if !user.email.isEmpty, state.emailIndex[user.email] == userID { state.emailIndex[user.email] = nil }
        for session in state.sessionsByUser[userID] ?? [] { endSession(session) }
        state.sessionsByUser[userID] = nil
    }

    package mutating func ban(_ userID: String, until: Date?) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard var user = state.users[userID] else { throw .adminUserNotFound }
        user.bannedUntil = until
        state.users[userID] = user
        if until != nil { for session in state.sessionsByUser[userID] ?? [] { endSession(session) } }
        return user
    }

    package func user(_ userID: String) -> SupabaseUserRecord? { state.users[userID] }

    package func userID(forEmail email: String) -> String? { state.emailIndex[email] }

    // MARK: - Helpers

    /// A strictly increasing microsecond timestamp: one per request, so records written by the
    /// same request share it and later requests are always later.
    private mutating func stamp(_ now: Date) -> Date {
        let micros = (now.timeIntervalSince1970 * 1_000_000).rounded()
        let last = (state.lastStamp.timeIntervalSince1970 * 1_000_000).rounded()
        let next = Date(timeIntervalSince1970: max(micros, last + 1) / 1_000_000)
        state.lastStamp = next
        return next
    }

    private mutating func insert(_ user: SupabaseUserRecord) {
        state.users[user.id] = user
        if !user.email.isEmpty, state.emailIndex[user.email] == nil { state.emailIndex[user.email] = user.id }
    }

    private func confirm(_ user: inout SupabaseUserRecord, now: Date) {
        user.emailConfirmedAt = now
        user.userMetadata["email_verified"] = .bool(true)
        for index in user.identities.indices where user.identities[index].provider == "email" {
            user.identities[index].identityData["email_verified"] = .bool(true)
        }
    }

    private static func recordSignIn(of identity: ProvenIdentity, at now: Date, in user: inout SupabaseUserRecord) {
        if let index = user.identities.firstIndex(where: { $0.provider == identity.provider && $0.providerID == identity.subject }) {
            user.identities[index].identityData = identity.identityData
            user.identities[index].lastSignInAt = now
            user.identities[index].updatedAt = now
        }
        user.userMetadata.merge(identity.identityData)
    }

    private func makeIdentity(_ identity: ProvenIdentity, userID: String, now: Date) -> SupabaseIdentityRecord {
        SupabaseIdentityRecord(
            identityID: RandomIdentifiers.uuid(), provider: identity.provider, providerID: identity.subject,
            identityData: identity.identityData, email: identity.email, createdAt: now, updatedAt: now, lastSignInAt: now)
    }

    private mutating func issueSession(for userID: String, amr: String, now: Date) -> Issued {
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
        return Issued(user: state.users[userID]!, sessionID: sessionID, refreshToken: token, amrMethod: amr, amrTimestamp: amrTimestamp)
    }

    private mutating func rotate(_ token: String, in session: SupabaseSessionRecord, user: SupabaseUserRecord, now: Date) -> Issued {
        let child = RandomIdentifiers.supabaseRefreshToken()
        if state.refreshTokens[token]?.revokedAt == nil { state.refreshTokens[token]?.revokedAt = now }
        state.refreshTokens[child] = SupabaseRefreshTokenRecord(sessionID: session.id, parent: token, revokedAt: nil)
        state.sessions[session.id]?.activeRefreshToken = child
        state.sessions[session.id]?.refreshTokens.append(child)
        return Issued(user: user, sessionID: session.id, refreshToken: child, amrMethod: session.amrMethod, amrTimestamp: session.amrTimestamp)
    }

    private mutating func endSession(_ sessionID: String) {
        guard let session = state.sessions.removeValue(forKey: sessionID) else { return }
        for token in session.refreshTokens { state.refreshTokens[token] = nil }
        if let index = state.sessionsByUser[session.userID]?.firstIndex(of: sessionID) {
            state.sessionsByUser[session.userID]?.remove(at: index)
        }
    }

    private func isBanned(_ user: SupabaseUserRecord, now: Date) -> Bool {
        guard let until = user.bannedUntil else { return false }
        return until > now
    }

    private func ensureNotBanned(_ user: SupabaseUserRecord, now: Date) throws(SupabaseFailure) {
        if isBanned(user, now: now) { throw .userBanned }
    }

    /// The stored form of a code: SHA-256 hex of the lowercased email and the code (GoTrue
    /// uses SHA-224, which swift-crypto does not offer; the code is never stored in clear).
    static func hash(email: String, code: String) -> String { SHA256Hex.hash(email.lowercased() + code) }
}

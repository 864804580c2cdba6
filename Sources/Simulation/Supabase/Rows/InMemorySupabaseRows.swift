import Foundation

/// The Supabase rows in memory: users with the indexes GoTrue keeps as database indexes (email,
/// identity, identity email, code hash), sessions by user, refresh tokens by session.
final class InMemorySupabaseRows: SupabaseRows {
    private var users: [String: SupabaseUserRecord] = [:]
    private var emailIndex: [String: String] = [:]
    private var identityIndex: [String: String] = [:]
    /// Lowercased identity email → the user of each identity with it.
    private var identityEmails: [String: [String]] = [:]
    private var codeHashes: [String: String] = [:]
    private var sessions: [String: SupabaseSessionRecord] = [:]
    private var sessionsByUser: [String: [String]] = [:]
    private var refreshTokens: [String: SupabaseRefreshTokenRecord] = [:]
    private var tokensBySession: [String: [String]] = [:]
    private var flowStates: [String: SupabaseFlowStateRecord] = [:]
    /// Factors by id, and their challenges (`InMemorySupabaseRows+MFA.swift`).
    var factors: [String: SupabaseFactorRecord] = [:]
    var challenges: [String: SupabaseChallengeRecord] = [:]
    var lastStamp: Date = .distantPast
    private let passkeyRows = InMemoryPasskeyRows()
    var passkeys: any PasskeyRows { passkeyRows }

    private static func identityKey(_ provider: String, _ subject: String) -> String { provider + "|" + subject }

    func user(_ id: String) -> SupabaseUserRecord? { users[id] }
    func userID(email: String) -> String? { emailIndex[email] }
    func userID(provider: String, subject: String) -> String? { identityIndex[Self.identityKey(provider, subject)] }
    func userID(emailCodeHash: String) -> String? { codeHashes[emailCodeHash] }
    func userID(phone: String) -> String? { users.values.first { $0.phone == phone }?.id }

    func userIDs(identityEmail: String) -> [String] {
        var owners: [String] = []
        for owner in identityEmails[identityEmail] ?? [] where !owners.contains(owner) { owners.append(owner) }
        return owners
    }

    func save(_ user: SupabaseUserRecord) {
        if let old = users[user.id] { unindex(old) }
        users[user.id] = user
        if !user.email.isEmpty { emailIndex[user.email] = user.id }
        for identity in user.identities {
            identityIndex[Self.identityKey(identity.provider, identity.providerID)] = user.id
            if let email = identity.email?.lowercased() { identityEmails[email, default: []].append(user.id) }
        }
        for hash in Self.codeHashes(of: user) { codeHashes[hash] = user.id }
    }

    /// The hashes a link or code of the user is found by.
    private static func codeHashes(of user: SupabaseUserRecord) -> [String] {
        [user.otp, user.emailChange?.current, user.emailChange?.new].compactMap { $0?.tokenHash }
    }

    private func unindex(_ user: SupabaseUserRecord) {
        if emailIndex[user.email] == user.id { emailIndex[user.email] = nil }
        for identity in user.identities {
            let key = Self.identityKey(identity.provider, identity.providerID)
            if identityIndex[key] == user.id { identityIndex[key] = nil }
            guard let email = identity.email?.lowercased(), var owners = identityEmails[email] else { continue }
            if let position = owners.firstIndex(of: user.id) { owners.remove(at: position) }
            identityEmails[email] = owners.isEmpty ? nil : owners
        }
        for hash in Self.codeHashes(of: user) where codeHashes[hash] == user.id { codeHashes[hash] = nil }
    }

    func deleteUser(_ id: String) {
        guard let user = users.removeValue(forKey: id) else { return }
        unindex(user)
        passkeyRows.deleteUser(id)
        for session in sessionsByUser[id] ?? [] { deleteSession(session) }
        sessionsByUser[id] = nil
        for factor in factors(userID: id) { deleteFactor(factor.id) }
    }

    func userCount() -> Int { users.count }

    func userKeys(matching search: String, limit: Int) -> (total: Int, keys: [(createdAt: Date, id: String)]) {
        let matching = users.values.filter { user in
            search.isEmpty || user.id.contains(search) || user.email.contains(search)
                || user.identities.contains(where: { $0.email?.lowercased().contains(search) == true })
        }
        let keys = matching.map { (createdAt: $0.createdAt, id: $0.id) }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        return (keys.count, Array(keys.prefix(limit)))
    }

    func users(offset: Int, limit: Int) -> [SupabaseUserRecord] {
        let sorted = users.values.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        return Array(sorted.dropFirst(offset).prefix(limit))
    }

    func session(_ id: String) -> SupabaseSessionRecord? { sessions[id] }

    func setAssurance(sessionID: String, aal: String, factorID: String?) {
        sessions[sessionID]?.aal = aal
        sessions[sessionID]?.factorID = factorID
    }

    func addAMRClaim(sessionID: String, _ entry: SupabaseAMREntry) {
        guard var session = sessions[sessionID] else { return }
        if session.amrMethod == entry.method {
            session.amrTimestamp = entry.timestamp
        } else {
            session.laterAMR.removeAll { $0.method == entry.method }
            session.laterAMR.append(entry)
        }
        sessions[sessionID] = session
    }

    func removeAMRClaim(sessionID: String, method: String) { sessions[sessionID]?.laterAMR.removeAll { $0.method == method } }
    func sessionIDs(userID: String) -> [String] { sessionsByUser[userID] ?? [] }

    func sessionIDs(userID: String, beyondNewest count: Int) -> [String] {
        let sessions = sessionsByUser[userID] ?? []
        return Array(sessions.prefix(max(0, sessions.count - count)))
    }

    func insert(_ session: SupabaseSessionRecord) {
        sessions[session.id] = session
        sessionsByUser[session.userID, default: []].append(session.id)
    }

    func update(_ session: SupabaseSessionRecord) {
        sessions[session.id]?.refreshedAt = session.refreshedAt
        sessions[session.id]?.notAfter = session.notAfter
    }

    func deleteSession(_ id: String) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        for token in tokensBySession.removeValue(forKey: id) ?? [] { refreshTokens[token] = nil }
        if let position = sessionsByUser[session.userID]?.firstIndex(of: id) { sessionsByUser[session.userID]?.remove(at: position) }
    }

    func refreshToken(_ token: String) -> SupabaseRefreshTokenRecord? { refreshTokens[token] }
    func refreshTokens(sessionID: String) -> [String] { tokensBySession[sessionID] ?? [] }

    func insertRefreshToken(_ token: String, _ record: SupabaseRefreshTokenRecord) {
        refreshTokens[token] = record
        tokensBySession[record.sessionID, default: []].append(token)
        sessions[record.sessionID]?.activeRefreshToken = token
    }

    func revokeRefreshToken(_ token: String, at date: Date) { refreshTokens[token]?.revokedAt = date }

    func revokeRefreshTokens(sessionID: String, at date: Date) {
        for token in tokensBySession[sessionID] ?? [] where refreshTokens[token]?.revokedAt == nil {
            refreshTokens[token]?.revokedAt = date
        }
    }

    func flowState(_ id: String) -> SupabaseFlowStateRecord? { flowStates[id] }
    func flowState(authCode: String) -> SupabaseFlowStateRecord? { flowStates.values.first { $0.authCode == authCode } }
    func flowState(userID: String, authenticationMethod: String) -> SupabaseFlowStateRecord? {
        flowStates.values.filter { $0.userID == userID && $0.authenticationMethod == authenticationMethod }
            .max { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
    func save(_ flowState: SupabaseFlowStateRecord) { flowStates[flowState.id] = flowState }
    func deleteFlowState(_ id: String) { flowStates[id] = nil }
    func deleteFlowStates(createdAtOrBefore date: Date) { flowStates = flowStates.filter { $0.value.createdAt > date } }

    func deleteAll() {
        (users, emailIndex, identityIndex, identityEmails, codeHashes) = ([:], [:], [:], [:], [:])
        (sessions, sessionsByUser, refreshTokens, tokensBySession, flowStates) = ([:], [:], [:], [:], [:])
        (factors, challenges) = ([:], [:])
        passkeyRows.deleteAll()
    }
}

import Foundation

/// One Firebase project's rows in memory: the project's ``FirebaseState`` with its indexes kept
/// as accounts are saved. Expired pending credentials, spent tokens and ended windows are dropped
/// once there are many (the rules check expiry anyway), so each call stays O(1) amortised.
final class InMemoryFirebaseRows: FirebaseRows {
    private var state = FirebaseState()
    private let passkeyRows = InMemoryPasskeyRows()
    var passkeys: any PasskeyRows { passkeyRows }

    private static func federatedKey(_ providerId: String, _ rawId: String) -> String { providerId + "|" + rawId }

    func user(_ localId: String) -> FirebaseUserRecord? { state.users[localId] }
    func localId(email: String) -> String? { state.emailIndex[email] }
    func localId(phoneNumber: String) -> String? { state.users.values.first { $0.phoneNumber == phoneNumber }?.localId }
    func projectConfig() -> FirebaseProjectConfig? { state.config }
    func setProjectConfig(_ config: FirebaseProjectConfig) { state.config = config }

    func save(_ user: FirebaseUserRecord) {
        if let old = state.users[user.localId]?.email, old != user.email, state.emailIndex[old] == user.localId {
            state.emailIndex[old] = nil
        }
        state.users[user.localId] = user
        if let email = user.email { state.emailIndex[email] = user.localId }
    }

    func deleteUser(_ localId: String) {
        state.mfaEnrollments[localId] = nil
        state.totpEnrollmentSessions = state.totpEnrollmentSessions.filter { $0.value.localId != localId }
        guard let user = state.users.removeValue(forKey: localId) else { return }
        passkeyRows.deleteUser(localId)
        if let email = user.email, state.emailIndex[email] == localId { state.emailIndex[email] = nil }
    }

    func userCount() -> Int { state.users.count }

    func userKeys(matching search: String, limit: Int) -> (total: Int, keys: [(createdAt: Int64, localId: String)]) {
        let matching = state.users.values.filter { user in
            search.isEmpty || user.localId.lowercased().contains(search) || user.email?.contains(search) == true
                || user.providers.contains(where: { $0.email?.lowercased().contains(search) == true })
        }
        let keys = matching.map { (createdAt: $0.createdAt, localId: $0.localId) }.sorted {
            ($0.createdAt, $0.localId) > ($1.createdAt, $1.localId)
        }
        return (keys.count, Array(keys.prefix(limit)))
    }

    func users(after localId: String?, limit: Int) -> [FirebaseUserRecord] {
        let sorted = state.users.values.sorted { $0.localId < $1.localId }
        return Array(sorted.filter { localId == nil || $0.localId > localId! }.prefix(limit))
    }

    func federatedUser(providerId: String, rawId: String) -> String? { state.federatedIndex[Self.federatedKey(providerId, rawId)] }
    func setFederatedUser(providerId: String, rawId: String, localId: String?) {
        state.federatedIndex[Self.federatedKey(providerId, rawId)] = localId
    }

    func federatedIDs(of localId: String) -> [(providerId: String, rawId: String)] {
        state.federatedIndex.filter { $0.value == localId }.keys.sorted().map { key in
            let separator = key.firstIndex(of: "|")!
            return (String(key[..<separator]), String(key[key.index(after: separator)...]))
        }
    }

    func refreshToken(_ token: String) -> FirebaseRefreshRecord? { state.refreshTokens[token] }

    func insertRefreshToken(_ token: String, _ record: FirebaseRefreshRecord) {
        state.refreshTokens[token] = record
        state.refreshTokensByUser[record.localId, default: []].append(token)
    }

    func refreshTokens(of localId: String) -> [String] { state.refreshTokensByUser[localId] ?? [] }

    func updateRefreshToken(_ token: String, _ record: FirebaseRefreshRecord) {
        guard state.refreshTokens[token] != nil else { return }
        state.refreshTokens[token] = record
    }

    func deleteRefreshTokens(of localId: String) {
        for token in state.refreshTokensByUser.removeValue(forKey: localId) ?? [] { state.refreshTokens[token] = nil }
    }

    func deleteRefreshToken(_ token: String) {
        guard let record = state.refreshTokens.removeValue(forKey: token) else { return }
        if let position = state.refreshTokensByUser[record.localId]?.firstIndex(of: token) {
            state.refreshTokensByUser[record.localId]?.remove(at: position)
        }
    }

    func limitRefreshTokenIssuedAt(of localId: String, to issuedAt: Int64) {
        for token in state.refreshTokensByUser[localId] ?? [] {
            if let current = state.refreshTokens[token]?.issuedAt { state.refreshTokens[token]?.issuedAt = min(current, issuedAt) }
        }
    }

    func oobCode(_ code: String) -> FirebaseOobRecord? { state.oobCodes[code] }
    func insertOobCode(_ code: String, _ record: FirebaseOobRecord) { state.oobCodes[code] = record }
    func deleteOobCode(_ code: String) { state.oobCodes[code] = nil }

    func deleteOobCodes(email: String, requestType: String?) {
        state.oobCodes = state.oobCodes.filter { $0.value.email != email || (requestType != nil && $0.value.requestType != requestType) }
    }

    func deleteOobCodes(createdBefore date: Date) { state.oobCodes = state.oobCodes.filter { $0.value.createdAt >= date } }

    func oobCodes() -> [(code: String, record: FirebaseOobRecord)] {
        state.oobCodes.map { ($0.key, $0.value) }.sorted { ($0.record.createdAt, $0.code) < ($1.record.createdAt, $1.code) }
    }

    func lastEmailSent(to email: String) -> Date? { state.lastEmailSent[email] }
    func setLastEmailSent(to email: String, at date: Date) { state.lastEmailSent[email] = date }
    func emailSendCount() -> Int { state.lastEmailSent.count }
    func deleteEmailSends(sentBefore date: Date) { state.lastEmailSent = state.lastEmailSent.filter { $0.value >= date } }

    func pendingCredential(_ token: String) -> FirebasePendingCredential? { state.pending[token] }
    func insertPendingCredential(_ token: String, _ credential: FirebasePendingCredential) { state.pending[token] = credential }
    func deletePendingCredential(_ token: String) { state.pending[token] = nil }

    func purgePendingCredentials(createdAtOrBefore date: Date) {
        guard state.pending.count > 1024 else { return }
        state.pending = state.pending.filter { $0.value.createdAt > date }
    }

    func spentAppleToken(_ hash: String) -> Int64? { state.spentAppleTokens[hash] }
    func insertSpentAppleToken(_ hash: String, expiresAt: Int64) { state.spentAppleTokens[hash] = expiresAt }

    func purgeSpentAppleTokens(expiredAt now: Int64) {
        guard state.spentAppleTokens.count > 4096 else { return }
        state.spentAppleTokens = state.spentAppleTokens.filter { $0.value > now }
    }

    func rateWindow(_ key: String) -> FirebaseRateWindows.Window? { state.rateWindows[key] }
    func setRateWindow(_ key: String, _ window: FirebaseRateWindows.Window) { state.rateWindows[key] = window }
    func purgeRateWindows(endedAt now: Date) { state.rateWindows.purge(endedAt: now) }

    func mfaEnrollments(of localId: String) -> [FirebaseMFAEnrollmentRecord] {
        (state.mfaEnrollments[localId] ?? []).sorted { ($0.enrolledAt, $0.mfaEnrollmentId) < ($1.enrolledAt, $1.mfaEnrollmentId) }
    }

    func save(_ enrollment: FirebaseMFAEnrollmentRecord) {
        var list = state.mfaEnrollments[enrollment.localId] ?? []
        if let index = list.firstIndex(where: { $0.mfaEnrollmentId == enrollment.mfaEnrollmentId }) {
            list[index] = enrollment
        } else {
            list.append(enrollment)
        }
        state.mfaEnrollments[enrollment.localId] = list
    }

    func deleteMFAEnrollment(localId: String, mfaEnrollmentId: String) {
        state.mfaEnrollments[localId]?.removeAll { $0.mfaEnrollmentId == mfaEnrollmentId }
    }

    func totpEnrollmentSession(_ sessionInfo: String) -> FirebaseTOTPEnrollmentSession? { state.totpEnrollmentSessions[sessionInfo] }

    func insertTOTPEnrollmentSession(_ sessionInfo: String, _ session: FirebaseTOTPEnrollmentSession) {
        state.totpEnrollmentSessions[sessionInfo] = session
    }

    func deleteTOTPEnrollmentSession(_ sessionInfo: String) { state.totpEnrollmentSessions[sessionInfo] = nil }

    func purgeTOTPEnrollmentSessions(expiredAt now: Date) {
        state.totpEnrollmentSessions = state.totpEnrollmentSessions.filter { $0.value.expiresAt > now }
    }

    func totpEnrollmentSessions(of localId: String) -> [(sessionInfo: String, session: FirebaseTOTPEnrollmentSession)] {
        state.totpEnrollmentSessions.filter { $0.value.localId == localId }
            .sorted { ($0.value.expiresAt, $0.key) < ($1.value.expiresAt, $1.key) }
            .map { (sessionInfo: $0.key, session: $0.value) }
    }

    func deleteAll() {
        state = FirebaseState()
        passkeyRows.deleteAll()
    }

    func wipeAccounts() {
        var empty = FirebaseState()
        empty.oobCodes = state.oobCodes
        empty.lastEmailSent = state.lastEmailSent
        empty.rateWindows = state.rateWindows
        empty.config = state.config
        state = empty
        passkeyRows.deleteAll()
    }
}

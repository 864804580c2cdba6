import Foundation

/// GoTrue's passkey tables in memory.
final class InMemoryPasskeyRows: PasskeyRows {
    private var rows: [PasskeyRecord] = []
    private var challenges: [String: WebAuthnChallengeRecord] = [:]

    func passkeys(userID: String) -> [PasskeyRecord] {
        rows.filter { $0.userID == userID }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }
    func passkey(id: String, userID: String) -> PasskeyRecord? { rows.first { $0.id == id && $0.userID == userID } }
    func passkey(credentialID: [UInt8]) -> PasskeyRecord? { rows.first { $0.credentialID == credentialID } }

    func insert(_ passkey: PasskeyRecord) -> Bool {
        guard self.passkey(credentialID: passkey.credentialID) == nil else { return false }
        rows.append(passkey)
        return true
    }

    func update(_ passkey: PasskeyRecord) {
        guard let index = rows.firstIndex(where: { $0.id == passkey.id }) else { return }
        rows[index].signCount = passkey.signCount
        rows[index].backedUp = passkey.backedUp
        rows[index].friendlyName = passkey.friendlyName
        rows[index].updatedAt = passkey.updatedAt
        rows[index].lastUsedAt = passkey.lastUsedAt
    }

    func deletePasskey(id: String) { rows.removeAll { $0.id == id } }
    func passkeyCount() -> Int { rows.count }

    func insert(_ challenge: WebAuthnChallengeRecord) { challenges[challenge.id] = challenge }

    func consumeChallenge(id: String, kind: WebAuthnChallengeRecord.Kind, userID: String?) -> WebAuthnChallengeRecord? {
        guard let challenge = challenges[id], challenge.kind == kind, challenge.userID == userID else { return nil }
        challenges[id] = nil
        return challenge
    }

    func deleteChallenges(expiredAtOrBefore date: Date) { challenges = challenges.filter { $0.value.expiresAt > date } }
    func challengeCount() -> Int { challenges.count }

    /// `on delete cascade` from `users`.
    func deleteUser(_ userID: String) {
        rows.removeAll { $0.userID == userID }
        challenges = challenges.filter { $0.value.userID != userID }
    }

    /// Every row of both tables.
    func deleteAll() {
        rows = []
        challenges = [:]
    }
}

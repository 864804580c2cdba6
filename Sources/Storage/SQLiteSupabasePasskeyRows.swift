import AuthJWT
import AuthSimulation
import Foundation
import GRDB

/// GoTrue's passkey tables, `webauthn_credentials` and `webauthn_challenges`.
final class SQLiteSupabasePasskeyRows: SupabasePasskeyRows {
    let step: SQLiteStep

    init(step: SQLiteStep) { self.step = step }

    private static let columns = """
        id, user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up,
        friendly_name, created_at, updated_at, last_used_at
        """

    func passkeys(userID: String) -> [SupabasePasskeyRecord] {
        step.rows("SELECT \(Self.columns) FROM webauthn_credentials WHERE user_id = ? ORDER BY created_at, id", [userID]).map(record)
    }

    func passkey(id: String, userID: String) -> SupabasePasskeyRecord? {
        step.row("SELECT \(Self.columns) FROM webauthn_credentials WHERE id = ? AND user_id = ?", [id, userID]).map(record)
    }

    func passkey(credentialID: [UInt8]) -> SupabasePasskeyRecord? {
        step.row("SELECT \(Self.columns) FROM webauthn_credentials WHERE credential_id = ?", [Data(credentialID)]).map(record)
    }

    func insert(_ passkey: SupabasePasskeyRecord) -> Bool {
        guard self.passkey(credentialID: passkey.credentialID) == nil else { return false }
        let transports = JSONValue.array(passkey.transports.map(JSONValue.string)).jsonString
        step.execute("INSERT INTO webauthn_credentials (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            passkey.id, passkey.userID, Data(passkey.credentialID), Data(passkey.publicKey), passkey.attestationType,
            Self.uuidText(passkey.aaguid), Int64(passkey.signCount), transports, passkey.backupEligible, passkey.backedUp,
            passkey.friendlyName, Column.text(passkey.createdAt), Column.text(passkey.updatedAt), Column.text(passkey.lastUsedAt),
        ])
        return true
    }

    func update(_ passkey: SupabasePasskeyRecord) {
        step.execute("""
            UPDATE webauthn_credentials SET sign_count = ?, backed_up = ?, friendly_name = ?, updated_at = ?, last_used_at = ? WHERE id = ?
            """, [Int64(passkey.signCount), passkey.backedUp, passkey.friendlyName, Column.text(passkey.updatedAt),
                  Column.text(passkey.lastUsedAt), passkey.id])
    }

    func deletePasskey(id: String) { step.execute("DELETE FROM webauthn_credentials WHERE id = ?", [id]) }

    func passkeyCount() -> Int { Int(step.integer("SELECT count(*) FROM webauthn_credentials", []) ?? 0) }

    func insert(_ challenge: WebAuthnChallengeRecord) {
        let sessionData = JSONValue.object(["challenge": .string(Base64URL.encode(challenge.challenge))]).jsonString
        step.execute("""
            INSERT INTO webauthn_challenges (id, user_id, challenge_type, session_data, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [challenge.id, challenge.userID, challenge.kind.rawValue, sessionData, Column.text(challenge.createdAt),
                  Column.text(challenge.expiresAt)])
    }

    func consumeChallenge(id: String, kind: WebAuthnChallengeRecord.Kind, userID: String?) -> WebAuthnChallengeRecord? {
        let filter = "id = ?1 AND challenge_type = ?2 AND user_id IS ?3"
        guard let row = step.row("SELECT id, user_id, session_data, created_at, expires_at FROM webauthn_challenges WHERE " + filter,
                                 [id, kind.rawValue, userID]) else { return nil }
        step.execute("DELETE FROM webauthn_challenges WHERE " + filter, [id, kind.rawValue, userID])
        let sessionData = step.object(row[2], "webauthn_challenges.session_data")
        guard let challenge = sessionData["challenge"]?.stringValue.flatMap(Base64URL.decode) else {
            step.fail(SQLiteStep.UnreadableColumn(column: "webauthn_challenges.session_data"))
            return nil
        }
        return WebAuthnChallengeRecord(
            id: row[0], userID: row[1], kind: kind, challenge: challenge,
            createdAt: step.date(row[3] as String, "webauthn_challenges.created_at"),
            expiresAt: step.date(row[4] as String, "webauthn_challenges.expires_at"))
    }

    func deleteChallenges(expiredAtOrBefore date: Date) {
        step.execute("DELETE FROM webauthn_challenges WHERE expires_at <= ?", [Column.text(date)])
    }

    func challengeCount() -> Int { Int(step.integer("SELECT count(*) FROM webauthn_challenges", []) ?? 0) }

    private func record(_ row: Row) -> SupabasePasskeyRecord {
        let transports = (try? StrictJSONParser.parse(Array((row[7] as String).utf8)))?.arrayValue?.compactMap(\.stringValue) ?? []
        let aaguid = (row[5] as String?).flatMap { UUID(uuidString: $0) }.map { uuid in withUnsafeBytes(of: uuid.uuid) { Array($0) } }
        let signCount = row[6] as Int64
        return SupabasePasskeyRecord(
            id: row[0], userID: row[1], credentialID: Array(row[2] as Data), publicKey: Array(row[3] as Data), attestationType: row[4],
            aaguid: aaguid ?? [], signCount: UInt32(clamping: signCount), transports: transports, backupEligible: row[8],
            backedUp: row[9], friendlyName: row[10], createdAt: step.date(row[11] as String, "webauthn_credentials.created_at"),
            updatedAt: step.date(row[12] as String, "webauthn_credentials.updated_at"),
            lastUsedAt: step.optionalDate(row[13] as String?, "webauthn_credentials.last_used_at"))
    }

    /// GoTrue's `aaguid uuid` column: the 16 bytes as a UUID's text; `NULL` for none.
    private static func uuidText(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 16 else { return nil }
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }
}

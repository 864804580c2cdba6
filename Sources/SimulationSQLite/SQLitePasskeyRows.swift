import AuthJWT
import AuthSimulation
import Foundation
import GRDB

/// Passkeys and their challenges: GoTrue's `webauthn_credentials` and `webauthn_challenges` for
/// Supabase; the same columns with a `project_id` in `firebase_webauthn_credentials` and
/// `firebase_webauthn_challenges` for a Firebase project.
final class SQLitePasskeyRows: PasskeyRows {
    let step: SQLiteStep
    /// The table prefix and, for Firebase, the project every row carries.
    private let prefix: String
    private let project: String?

    /// Supabase's rows.
    init(step: SQLiteStep) {
        self.step = step
        prefix = ""
        project = nil
    }

    /// A Firebase project's rows.
    init(step: SQLiteStep, project: String) {
        self.step = step
        prefix = "firebase_"
        self.project = project
    }

    private var credentials: String { prefix + "webauthn_credentials" }
    private var challenges: String { prefix + "webauthn_challenges" }
    /// The condition that keeps a query in its project (always true for Supabase).
    private var scope: String { project == nil ? "1 = 1" : "project_id = ?0" }

    private static let columns = """
        id, user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up,
        friendly_name, created_at, updated_at, last_used_at
        """

    /// The arguments, then the project (`?0` in ``scope``, bound last) for Firebase.
    private func arguments(_ values: [(any DatabaseValueConvertible)?]) -> StatementArguments {
        StatementArguments(project.map { values + [$0] } ?? values)
    }

    /// `?0` is the last argument.
    private func sql(_ text: String, _ count: Int) -> String {
        text.replacingOccurrences(of: "?0", with: "?\(count + 1)")
    }

    func passkeys(userID: String) -> [PasskeyRecord] {
        step.rows(
            sql("SELECT \(Self.columns) FROM \(credentials) WHERE \(scope) AND user_id = ?1 ORDER BY created_at, id", 1),
            arguments([userID])
        ).map(record)
    }

    func passkey(id: String, userID: String) -> PasskeyRecord? {
        step.row(
            sql("SELECT \(Self.columns) FROM \(credentials) WHERE \(scope) AND id = ?1 AND user_id = ?2", 2),
            arguments([id, userID])
        ).map(record)
    }

    func passkey(credentialID: [UInt8]) -> PasskeyRecord? {
        step.row(
            sql("SELECT \(Self.columns) FROM \(credentials) WHERE \(scope) AND credential_id = ?1", 1),
            arguments([Data(credentialID)])
        ).map(record)
    }

    func insert(_ passkey: PasskeyRecord) -> Bool {
        guard self.passkey(credentialID: passkey.credentialID) == nil else { return false }
        let transports = JSONValue.array(passkey.transports.map(JSONValue.string)).jsonString
        let projectColumn = project == nil ? "" : ", project_id"
        let projectValue = project == nil ? "" : ", ?15"
        step.execute(
            """
            INSERT INTO \(credentials) (\(Self.columns)\(projectColumn))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14\(projectValue))
            """,
            arguments([
                passkey.id, passkey.userID, Data(passkey.credentialID), Data(passkey.publicKey), passkey.attestationType,
                Self.uuidText(passkey.aaguid), Int64(passkey.signCount), transports, passkey.backupEligible, passkey.backedUp,
                passkey.friendlyName, Column.text(passkey.createdAt), Column.text(passkey.updatedAt), Column.text(passkey.lastUsedAt),
            ]))
        return true
    }

    func update(_ passkey: PasskeyRecord) {
        step.execute(
            sql(
                """
                UPDATE \(credentials) SET sign_count = ?1, backed_up = ?2, friendly_name = ?3, updated_at = ?4, last_used_at = ?5
                WHERE \(scope) AND id = ?6
                """, 6),
            arguments([
                Int64(passkey.signCount), passkey.backedUp, passkey.friendlyName, Column.text(passkey.updatedAt),
                Column.text(passkey.lastUsedAt), passkey.id,
            ]))
    }

    func deletePasskey(id: String) {
        step.execute(sql("DELETE FROM \(credentials) WHERE \(scope) AND id = ?1", 1), arguments([id]))
    }

    func passkeyCount() -> Int {
        Int(step.integer(sql("SELECT count(*) FROM \(credentials) WHERE \(scope)", 0), arguments([])) ?? 0)
    }

    func insert(_ challenge: WebAuthnChallengeRecord) {
        let sessionData = JSONValue.object(["challenge": .string(Base64URL.encode(challenge.challenge))]).jsonString
        let projectColumn = project == nil ? "" : ", project_id"
        let projectValue = project == nil ? "" : ", ?7"
        step.execute(
            """
            INSERT INTO \(challenges) (id, user_id, challenge_type, session_data, created_at, expires_at\(projectColumn))
            VALUES (?1, ?2, ?3, ?4, ?5, ?6\(projectValue))
            """,
            arguments([
                challenge.id, challenge.userID, challenge.kind.rawValue, sessionData, Column.text(challenge.createdAt),
                Column.text(challenge.expiresAt),
            ]))
    }

    func consumeChallenge(id: String, kind: WebAuthnChallengeRecord.Kind, userID: String?) -> WebAuthnChallengeRecord? {
        let filter = sql("\(scope) AND id = ?1 AND challenge_type = ?2 AND user_id IS ?3", 3)
        let values = arguments([id, kind.rawValue, userID])
        guard let row = step.row("SELECT id, user_id, session_data, created_at, expires_at FROM \(challenges) WHERE " + filter, values)
        else { return nil }
        step.execute("DELETE FROM \(challenges) WHERE " + filter, values)
        let sessionData = step.object(row[2], "\(challenges).session_data")
        guard let challenge = sessionData["challenge"]?.stringValue.flatMap(Base64URL.decode) else {
            step.fail(SQLiteStep.UnreadableColumn(column: "\(challenges).session_data"))
            return nil
        }
        return WebAuthnChallengeRecord(
            id: row[0], userID: row[1], kind: kind, challenge: challenge,
            createdAt: step.date(
                row[3] as String,
                "\(challenges).created_at"),
            expiresAt: step.date(row[4] as String, "\(challenges).expires_at"))
    }

    func deleteChallenges(expiredAtOrBefore date: Date) {
        step.execute(sql("DELETE FROM \(challenges) WHERE \(scope) AND expires_at <= ?1", 1), arguments([Column.text(date)]))
    }

    func challengeCount() -> Int {
        Int(step.integer(sql("SELECT count(*) FROM \(challenges) WHERE \(scope)", 0), arguments([])) ?? 0)
    }

    /// Every row of a Firebase project's tables (Supabase's go with their users).
    func deleteAll() {
        step.execute(sql("DELETE FROM \(credentials) WHERE \(scope)", 0), arguments([]))
        step.execute(sql("DELETE FROM \(challenges) WHERE \(scope)", 0), arguments([]))
    }

    /// A deleted Firebase user's rows (Supabase's go by `on delete cascade`).
    func deleteUser(_ userID: String) {
        step.execute(sql("DELETE FROM \(credentials) WHERE \(scope) AND user_id = ?1", 1), arguments([userID]))
        step.execute(sql("DELETE FROM \(challenges) WHERE \(scope) AND user_id = ?1", 1), arguments([userID]))
    }

    private func record(_ row: StepRow) -> PasskeyRecord {
        let transports = (try? StrictJSONParser.parse(Array((row[7] as String).utf8)))?.arrayValue?.compactMap(\.stringValue) ?? []
        let aaguid = (row[5] as String?).flatMap { UUID(uuidString: $0) }.map { uuid in withUnsafeBytes(of: uuid.uuid) { Array($0) } }
        let signCount = row[6] as Int64
        return PasskeyRecord(
            id: row[0], userID: row[1], credentialID: Array(row[2] as Data), publicKey: Array(row[3] as Data), attestationType: row[4],
            aaguid: aaguid ?? [], signCount: UInt32(clamping: signCount), transports: transports, backupEligible: row[8],
            backedUp: row[9], friendlyName: row[10], createdAt: step.date(row[11] as String, "\(credentials).created_at"),
            updatedAt: step.date(row[12] as String, "\(credentials).updated_at"),
            lastUsedAt: step.optionalDate(row[13] as String?, "\(credentials).last_used_at"))
    }

    /// GoTrue's `aaguid uuid` column: the 16 bytes as a UUID's text; `NULL` for none.
    private static func uuidText(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 16 else { return nil }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString.lowercased()
    }
}

import AuthDomain
import AuthSimulation
import Foundation
import GRDB

/// `mfa_factors`, `mfa_challenges`, and the sessions' `aal`, `factor_id` and `mfa_amr_claims`.
extension SQLiteSupabaseRows {
    private static let factorColumns = """
        id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at, last_challenged_at, last_used_totp_step
        """

    func factors(userID: String) -> [SupabaseFactorRecord] {
        step.rows("SELECT \(Self.factorColumns) FROM mfa_factors WHERE user_id = ? ORDER BY created_at, id", [userID]).map(factor(from:))
    }

    func factor(_ id: String) -> SupabaseFactorRecord? {
        step.row("SELECT \(Self.factorColumns) FROM mfa_factors WHERE id = ?", [id]).map(factor(from:))
    }

    func save(_ factor: SupabaseFactorRecord) {
        // An upsert, not INSERT OR REPLACE: a replaced row is deleted first, and its challenges with it (ON DELETE CASCADE).
        step.execute(
            """
            INSERT INTO mfa_factors (\(Self.factorColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET friendly_name = excluded.friendly_name, status = excluded.status, secret = excluded.secret,
                updated_at = excluded.updated_at, last_challenged_at = excluded.last_challenged_at,
                last_used_totp_step = excluded.last_used_totp_step
            """,
            [
                factor.id, factor.userID, factor.friendlyName, factor.factorType, factor.status, factor.secret.revealed,
                Column.text(factor.createdAt), Column.text(factor.updatedAt), Column.text(factor.lastChallengedAt), factor.lastUsedStep,
            ])
    }

    func deleteFactor(_ id: String) { step.execute("DELETE FROM mfa_factors WHERE id = ?", [id]) }

    private func factor(from row: StepRow) -> SupabaseFactorRecord {
        SupabaseFactorRecord(
            id: row[0], userID: row[1], friendlyName: row[2] ?? "", factorType: row[3], status: row[4], secret: Secret(row[5] ?? ""),
            createdAt: step.date(row[6] as String, "mfa_factors.created_at"),
            updatedAt: step.date(row[7] as String, "mfa_factors.updated_at"),
            lastChallengedAt: step.optionalDate(row[8], "mfa_factors.last_challenged_at"), lastUsedStep: row[9])
    }

    func challenge(_ id: String) -> SupabaseChallengeRecord? {
        step.row("SELECT factor_id, created_at, verified_at, ip_address, session_id FROM mfa_challenges WHERE id = ?", [id]).map { row in
            SupabaseChallengeRecord(
                id: id, factorID: row[0], createdAt: step.date(row[1] as String, "mfa_challenges.created_at"),
                verifiedAt: step.optionalDate(row[2], "mfa_challenges.verified_at"), ipAddress: row[3], sessionID: row[4])
        }
    }

    func save(_ challenge: SupabaseChallengeRecord) {
        step.execute(
            """
            INSERT OR REPLACE INTO mfa_challenges (id, factor_id, created_at, verified_at, ip_address, session_id) VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                challenge.id, challenge.factorID, Column.text(challenge.createdAt), Column.text(challenge.verifiedAt),
                challenge.ipAddress, challenge.sessionID,
            ])
    }

    func deleteChallenge(_ id: String) { step.execute("DELETE FROM mfa_challenges WHERE id = ?", [id]) }

    func setAssurance(sessionID: String, aal: String, factorID: String?) {
        step.execute("UPDATE sessions SET aal = ?, factor_id = ? WHERE id = ?", [aal, factorID, sessionID])
    }

    func addAMRClaim(sessionID: String, _ entry: SupabaseAMREntry) {
        let at = Column.text(Date(timeIntervalSince1970: Double(entry.timestamp)))
        step.execute(
            """
            INSERT INTO mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = excluded.updated_at
            """, [RandomIdentifiers.uuid(), sessionID, entry.method, at, at])
    }

    func removeAMRClaim(sessionID: String, method: String) {
        step.execute("DELETE FROM mfa_amr_claims WHERE session_id = ? AND authentication_method = ?", [sessionID, method])
    }
}

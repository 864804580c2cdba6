import AuthSimulation
import Foundation
import GRDB

/// One Firebase project's accounts in `firebase_users` and `firebase_provider_user_info`, and
/// its federated ids and refresh tokens; codes, pending credentials and counters are in
/// `SQLiteFirebaseRows+Codes.swift`. Every row carries its `project_id`.
final class SQLiteFirebaseRows: FirebaseRows {
    let step: SQLiteStep
    let project: String
    /// The accounts as this step last read or wrote them.
    private var known = StepCache<FirebaseUserRecord>()

    init(step: SQLiteStep, project: String) {
        self.step = step
        self.project = project
    }

    var passkeys: any PasskeyRows { SQLitePasskeyRows(step: step, project: project) }

    func user(_ localId: String) -> FirebaseUserRecord? { known.record(localId, load: load) }

    func localId(email: String) -> String? {
        step.string("SELECT localId FROM firebase_users WHERE project_id = ? AND email = ?", [project, email])
    }

    func localId(phoneNumber: String) -> String? {
        step.string("SELECT localId FROM firebase_users WHERE project_id = ? AND phoneNumber = ?", [project, phoneNumber])
    }

    func save(_ new: FirebaseUserRecord) {
        let old = user(new.localId)
        var (oldRow, newRow) = (old, new)
        oldRow?.providers = []
        newRow.providers = []
        if oldRow != newRow {
            step.execute(
                """
                INSERT INTO firebase_users (email, emailVerified, displayName, photoUrl, disabled, emailLinkSignin, hasPassword, validSince,
                    createdAt, lastLoginAt, customAttributes, passwordHash, passwordUpdatedAt, phoneNumber, project_id, localId)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (project_id, localId) DO UPDATE SET email = excluded.email, emailVerified = excluded.emailVerified,
                    displayName = excluded.displayName, photoUrl = excluded.photoUrl, disabled = excluded.disabled,
                    emailLinkSignin = excluded.emailLinkSignin, hasPassword = excluded.hasPassword, validSince = excluded.validSince,
                    createdAt = excluded.createdAt, lastLoginAt = excluded.lastLoginAt, customAttributes = excluded.customAttributes,
                    passwordHash = excluded.passwordHash, passwordUpdatedAt = excluded.passwordUpdatedAt, phoneNumber = excluded.phoneNumber
                """,
                [
                    new.email, new.emailVerified, new.displayName, new.photoUrl, new.disabled, new.emailLinkSignin, new.hasPassword,
                    new.validSince, new.createdAt, new.lastLoginAt, new.customAttributes, new.passwordHash, new.passwordUpdatedAt,
                    new.phoneNumber, project, new.localId,
                ])
        }
        if old?.providers != new.providers {
            step.execute("DELETE FROM firebase_provider_user_info WHERE project_id = ? AND localId = ?", [project, new.localId])
            for (position, provider) in new.providers.enumerated() {
                step.execute(
                    """
                    INSERT INTO firebase_provider_user_info (project_id, localId, position, providerId, rawId, email, displayName, photoUrl)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        project, new.localId, position, provider.providerId, provider.rawId, provider.email, provider.displayName,
                        provider.photoUrl,
                    ])
            }
        }
        known.remember(new.localId, new)
    }

    func deleteUser(_ localId: String) {
        step.execute("DELETE FROM firebase_users WHERE project_id = ? AND localId = ?", [project, localId])
        SQLitePasskeyRows(step: step, project: project).deleteUser(localId)
        known.remember(localId, nil)
    }

    func userCount() -> Int { Int(step.integer("SELECT count(*) FROM firebase_users WHERE project_id = ?", [project]) ?? 0) }

    func userKeys(matching search: String, limit: Int) -> (total: Int, keys: [(createdAt: Int64, localId: String)]) {
        let filter = """
            WHERE project_id = ?1 AND (?2 = '' OR instr(lower(localId), ?2) > 0 OR instr(ifnull(email, ''), ?2) > 0
                OR localId IN (SELECT localId FROM firebase_provider_user_info WHERE project_id = ?1 AND instr(lower(email), ?2) > 0))
            """
        let total = step.integer("SELECT count(*) FROM firebase_users " + filter, [project, search]) ?? 0
        let keys = step.rows(
            "SELECT createdAt, localId FROM firebase_users " + filter + " ORDER BY createdAt DESC, localId DESC LIMIT ?3",
            [project, search, limit]
        ).map { (createdAt: $0[0] as Int64, localId: $0[1] as String) }
        return (Int(total), keys)
    }

    func users(after localId: String?, limit: Int) -> [FirebaseUserRecord] {
        step.strings(
            "SELECT localId FROM firebase_users WHERE project_id = ? AND localId > ? ORDER BY localId LIMIT ?",
            [project, localId ?? "", limit]
        ).compactMap(user)
    }

    // MARK: - Federated ids

    func federatedUser(providerId: String, rawId: String) -> String? {
        step.string(
            "SELECT localId FROM firebase_federated_ids WHERE project_id = ? AND providerId = ? AND rawId = ?",
            [project, providerId, rawId])
    }

    func setFederatedUser(providerId: String, rawId: String, localId: String?) {
        guard let localId else {
            step.execute(
                "DELETE FROM firebase_federated_ids WHERE project_id = ? AND providerId = ? AND rawId = ?", [project, providerId, rawId])
            return
        }
        step.execute(
            "INSERT OR REPLACE INTO firebase_federated_ids (project_id, providerId, rawId, localId) VALUES (?, ?, ?, ?)",
            [project, providerId, rawId, localId])
    }

    func federatedIDs(of localId: String) -> [(providerId: String, rawId: String)] {
        step.rows(
            "SELECT providerId, rawId FROM firebase_federated_ids WHERE project_id = ? AND localId = ? ORDER BY providerId, rawId",
            [project, localId]
        ).map { ($0[0], $0[1]) }
    }

    // MARK: - Refresh tokens

    func refreshToken(_ token: String) -> FirebaseRefreshRecord? {
        step.row(
            """
            SELECT localId, signInProvider, authTime, issuedAt, lastRefreshedAt, secondFactor, developerClaims FROM firebase_refresh_tokens
            WHERE project_id = ? AND token = ?
            """, [project, token]
        ).map {
            FirebaseRefreshRecord(
                localId: $0[0], signInProvider: $0[1], authTime: $0[2], issuedAt: $0[3], lastRefreshedAt: $0[4], secondFactor: $0[5],
                developerClaims: $0[6])
        }
    }

    func insertRefreshToken(_ token: String, _ record: FirebaseRefreshRecord) {
        step.execute(
            """
            INSERT INTO firebase_refresh_tokens (project_id, token, localId, signInProvider, authTime, issuedAt, lastRefreshedAt,\
             secondFactor,
                developerClaims)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                project, token, record.localId, record.signInProvider, record.authTime, record.issuedAt, record.lastRefreshedAt,
                record.secondFactor, record.developerClaims,
            ])
    }

    func updateRefreshToken(_ token: String, _ record: FirebaseRefreshRecord) {
        step.execute(
            """
            UPDATE firebase_refresh_tokens SET localId = ?, signInProvider = ?, authTime = ?, issuedAt = ?, lastRefreshedAt = ?,
                secondFactor = ?, developerClaims = ?
            WHERE project_id = ? AND token = ?
            """,
            [
                record.localId, record.signInProvider, record.authTime, record.issuedAt, record.lastRefreshedAt, record.secondFactor,
                record.developerClaims, project, token,
            ])
    }

    func deleteRefreshTokens(of localId: String) {
        step.execute("DELETE FROM firebase_refresh_tokens WHERE project_id = ? AND localId = ?", [project, localId])
    }

    func refreshTokens(of localId: String) -> [String] {
        step.strings("SELECT token FROM firebase_refresh_tokens WHERE project_id = ? AND localId = ? ORDER BY id", [project, localId])
    }

    func deleteRefreshToken(_ token: String) {
        step.execute("DELETE FROM firebase_refresh_tokens WHERE project_id = ? AND token = ?", [project, token])
    }

    func limitRefreshTokenIssuedAt(of localId: String, to issuedAt: Int64) {
        step.execute(
            "UPDATE firebase_refresh_tokens SET issuedAt = min(issuedAt, ?) WHERE project_id = ? AND localId = ? AND issuedAt > ?",
            [issuedAt, project, localId, issuedAt])
    }

    func deleteAll() {
        wipeAccounts()
        for table in ["firebase_oob_codes", "firebase_email_sends", "firebase_rate_windows", "firebase_project_config"] {
            step.execute("DELETE FROM \(table) WHERE project_id = ?", [project])
        }
    }

    func wipeAccounts() {
        for table in [
            "firebase_users", "firebase_federated_ids", "firebase_refresh_tokens", "firebase_pending_credentials",
            "firebase_spent_apple_tokens",
        ] {
            step.execute("DELETE FROM \(table) WHERE project_id = ?", [project])
        }
        SQLitePasskeyRows(step: step, project: project).deleteAll()
        known.removeAll()
    }

    private func load(_ localId: String) -> FirebaseUserRecord? {
        guard
            let row = step.row(
                """
                SELECT email, emailVerified, displayName, photoUrl, disabled, emailLinkSignin, hasPassword, validSince, createdAt,\
                 lastLoginAt,
                    customAttributes, passwordHash, passwordUpdatedAt, phoneNumber
                FROM firebase_users WHERE project_id = ? AND localId = ?
                """, [project, localId])
        else { return nil }
        let providers = step.rows(
            """
            SELECT providerId, rawId, email, displayName, photoUrl FROM firebase_provider_user_info
            WHERE project_id = ? AND localId = ? ORDER BY position
            """, [project, localId]
        ).map { FirebaseProviderRecord(providerId: $0[0], rawId: $0[1], email: $0[2], displayName: $0[3], photoUrl: $0[4]) }
        return FirebaseUserRecord(
            localId: localId, email: row[0], emailVerified: row[1], displayName: row[2], photoUrl: row[3], disabled: row[4],
            providers: providers, emailLinkSignin: row[5], hasPassword: row[6], validSince: row[7], createdAt: row[8], lastLoginAt: row[9],
            customAttributes: row[10], passwordHash: row[11], passwordUpdatedAt: row[12], phoneNumber: row[13])
    }
}

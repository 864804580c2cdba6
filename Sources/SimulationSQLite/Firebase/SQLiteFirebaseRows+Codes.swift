import AuthSimulation
import Foundation
import GRDB

/// A project's email action codes, emails sent, pending IdP credentials, spent Apple tokens and
/// rate-limit windows.
extension SQLiteFirebaseRows {
    func oobCode(_ code: String) -> FirebaseOobRecord? {
        step.row(
            "SELECT email, requestType, createdAt, newEmail FROM firebase_oob_codes WHERE project_id = ? AND oobCode = ?",
            [project, code]
        )
        .map {
            FirebaseOobRecord(
                email: $0[0], requestType: $0[1], createdAt: step.date($0[2] as String, "firebase_oob_codes.createdAt"),
                newEmail: $0[3])
        }
    }

    func insertOobCode(_ code: String, _ record: FirebaseOobRecord) {
        step.execute(
            """
            INSERT OR REPLACE INTO firebase_oob_codes (project_id, oobCode, email, requestType, createdAt, newEmail)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [project, code, record.email, record.requestType, Column.text(record.createdAt), record.newEmail])
    }

    func deleteOobCode(_ code: String) {
        step.execute("DELETE FROM firebase_oob_codes WHERE project_id = ? AND oobCode = ?", [project, code])
    }

    func deleteOobCodes(email: String, requestType: String?) {
        guard let requestType else {
            step.execute("DELETE FROM firebase_oob_codes WHERE project_id = ? AND email = ?", [project, email])
            return
        }
        step.execute(
            "DELETE FROM firebase_oob_codes WHERE project_id = ? AND email = ? AND requestType = ?", [project, email, requestType])
    }

    func deleteOobCodes(createdBefore date: Date) {
        step.execute("DELETE FROM firebase_oob_codes WHERE project_id = ? AND createdAt < ?", [project, Column.text(date)])
    }

    func oobCodes() -> [(code: String, record: FirebaseOobRecord)] {
        step.rows(
            """
            SELECT oobCode, email, requestType, createdAt, newEmail FROM firebase_oob_codes WHERE project_id = ? ORDER BY createdAt, oobCode
            """, [project]
        ).map { row in
            let createdAt = step.date(row[3] as String, "firebase_oob_codes.createdAt")
            let record = FirebaseOobRecord(email: row[1], requestType: row[2], createdAt: createdAt, newEmail: row[4])
            return (code: row[0] as String, record: record)
        }
    }

    func lastEmailSent(to email: String) -> Date? {
        step.string("SELECT sentAt FROM firebase_email_sends WHERE project_id = ? AND email = ?", [project, email])
            .map { step.date($0, "firebase_email_sends.sentAt") }
    }

    func setLastEmailSent(to email: String, at date: Date) {
        step.execute(
            "INSERT OR REPLACE INTO firebase_email_sends (project_id, email, sentAt) VALUES (?, ?, ?)", [project, email, Column.text(date)])
    }

    func emailSendCount() -> Int { Int(step.integer("SELECT count(*) FROM firebase_email_sends WHERE project_id = ?", [project]) ?? 0) }

    func deleteEmailSends(sentBefore date: Date) {
        step.execute("DELETE FROM firebase_email_sends WHERE project_id = ? AND sentAt < ?", [project, Column.text(date)])
    }

    func pendingCredential(_ token: String) -> FirebasePendingCredential? {
        guard
            let row = step.row(
                """
                SELECT providerId, rawId, email, emailVerified, displayName, firstName, lastName, photoUrl, rawUserInfo, oauthIdToken,\
                 createdAt
                FROM firebase_pending_credentials WHERE project_id = ? AND pendingToken = ?
                """, [project, token])
        else { return nil }
        let identity = FirebaseIdentity(
            providerId: row[0], rawId: row[1], email: row[2], emailVerified: row[3], displayName: row[4], firstName: row[5],
            lastName: row[6],
            photoUrl: row[7], rawClaims: step.object(row[8], "firebase_pending_credentials.rawUserInfo"))
        return FirebasePendingCredential(
            identity: identity, oauthIdToken: row[9], createdAt: step.date(row[10] as String, "firebase_pending_credentials.createdAt"))
    }

    func insertPendingCredential(_ token: String, _ credential: FirebasePendingCredential) {
        let identity = credential.identity
        step.execute(
            """
            INSERT OR REPLACE INTO firebase_pending_credentials (project_id, pendingToken, providerId, rawId, email, emailVerified,\
             displayName,
                firstName, lastName, photoUrl, rawUserInfo, oauthIdToken, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                project, token, identity.providerId, identity.rawId, identity.email, identity.emailVerified, identity.displayName,
                identity.firstName, identity.lastName, identity.photoUrl, Column.text(identity.rawClaims), credential.oauthIdToken,
                Column.text(credential.createdAt),
            ])
    }

    func deletePendingCredential(_ token: String) {
        step.execute("DELETE FROM firebase_pending_credentials WHERE project_id = ? AND pendingToken = ?", [project, token])
    }

    func purgePendingCredentials(createdAtOrBefore date: Date) {
        step.execute("DELETE FROM firebase_pending_credentials WHERE project_id = ? AND createdAt <= ?", [project, Column.text(date)])
    }

    func spentAppleToken(_ hash: String) -> Int64? {
        step.integer("SELECT expiresAt FROM firebase_spent_apple_tokens WHERE project_id = ? AND tokenHash = ?", [project, hash])
    }

    func insertSpentAppleToken(_ hash: String, expiresAt: Int64) {
        step.execute(
            "INSERT OR REPLACE INTO firebase_spent_apple_tokens (project_id, tokenHash, expiresAt) VALUES (?, ?, ?)",
            [project, hash, expiresAt])
    }

    func purgeSpentAppleTokens(expiredAt now: Int64) {
        step.execute("DELETE FROM firebase_spent_apple_tokens WHERE project_id = ? AND expiresAt <= ?", [project, now])
    }

    func rateWindow(_ key: String) -> FirebaseRateWindows.Window? {
        step.row("SELECT windowEnd, count FROM firebase_rate_windows WHERE project_id = ? AND key = ?", [project, key])
            .map { FirebaseRateWindows.Window(end: step.date($0[0] as String, "firebase_rate_windows.windowEnd"), count: $0[1]) }
    }

    func setRateWindow(_ key: String, _ window: FirebaseRateWindows.Window) {
        step.execute(
            "INSERT OR REPLACE INTO firebase_rate_windows (project_id, key, windowEnd, count) VALUES (?, ?, ?, ?)",
            [project, key, Column.text(window.end), window.count])
    }

    func purgeRateWindows(endedAt now: Date) {
        step.execute("DELETE FROM firebase_rate_windows WHERE project_id = ? AND windowEnd <= ?", [project, Column.text(now)])
    }
}

import AuthDomain
import AuthSimulation
import Foundation

/// `firebase_totp_enrollment_sessions`: TOTP enrolments waiting for `mfaEnrollment:finalize`
/// (deleted with their user by the foreign key). Expiry is in milliseconds, as `enrolledAt`.
extension SQLiteFirebaseRows {
    func totpEnrollmentSession(_ sessionInfo: String) -> FirebaseTOTPEnrollmentSession? {
        guard
            let row = step.row(
                """
                SELECT localId, secret, expiresAt FROM firebase_totp_enrollment_sessions WHERE project_id = ? AND sessionInfo = ?
                """, [project, sessionInfo])
        else { return nil }
        return FirebaseTOTPEnrollmentSession(
            localId: row[0], secret: Secret(row[1] as String), expiresAt: Self.date(milliseconds: row[2]))
    }

    func insertTOTPEnrollmentSession(_ sessionInfo: String, _ session: FirebaseTOTPEnrollmentSession) {
        step.execute(
            """
            INSERT OR REPLACE INTO firebase_totp_enrollment_sessions (project_id, sessionInfo, localId, secret, expiresAt)
            VALUES (?, ?, ?, ?, ?)
            """, [project, sessionInfo, session.localId, session.secret.revealed, Self.milliseconds(session.expiresAt)])
    }

    func deleteTOTPEnrollmentSession(_ sessionInfo: String) {
        step.execute("DELETE FROM firebase_totp_enrollment_sessions WHERE project_id = ? AND sessionInfo = ?", [project, sessionInfo])
    }

    func purgeTOTPEnrollmentSessions(expiredAt now: Date) {
        step.execute(
            "DELETE FROM firebase_totp_enrollment_sessions WHERE project_id = ? AND expiresAt <= ?",
            [project, Self.milliseconds(now)])
    }

    func totpEnrollmentSessions(of localId: String) -> [(sessionInfo: String, session: FirebaseTOTPEnrollmentSession)] {
        step.rows(
            """
            SELECT sessionInfo, secret, expiresAt FROM firebase_totp_enrollment_sessions WHERE project_id = ? AND localId = ?
            ORDER BY expiresAt, sessionInfo
            """, [project, localId]
        ).map { row in
            (
                sessionInfo: row[0],
                session: FirebaseTOTPEnrollmentSession(
                    localId: localId, secret: Secret(row[1] as String), expiresAt: Self.date(milliseconds: row[2]))
            )
        }
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    private static func date(milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

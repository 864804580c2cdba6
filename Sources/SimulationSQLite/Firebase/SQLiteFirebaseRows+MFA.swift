import AuthDomain
import AuthSimulation
import Foundation
import GRDB

/// `firebase_mfa_enrollments`: enrolled second factors (deleted with their user by the foreign key).
extension SQLiteFirebaseRows {
    func mfaEnrollments(of localId: String) -> [FirebaseMFAEnrollmentRecord] {
        step.rows(
            """
            SELECT mfaEnrollmentId, displayName, enrolledAt, secret, last_used_totp_step FROM firebase_mfa_enrollments
            WHERE project_id = ? AND localId = ? ORDER BY enrolledAt, mfaEnrollmentId
            """, [project, localId]
        ).map { row in
            FirebaseMFAEnrollmentRecord(
                localId: localId, mfaEnrollmentId: row[0], displayName: row[1],
                enrolledAt: Date(timeIntervalSince1970: Double(row[2] as Int64) / 1000), secret: Secret(row[3] as String),
                lastUsedStep: row[4])
        }
    }

    func save(_ enrollment: FirebaseMFAEnrollmentRecord) {
        step.execute(
            """
            INSERT INTO firebase_mfa_enrollments (project_id, localId, mfaEnrollmentId, displayName, enrolledAt, secret,\
             last_used_totp_step)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (project_id, localId, mfaEnrollmentId) DO UPDATE SET displayName = excluded.displayName,
                last_used_totp_step = excluded.last_used_totp_step
            """,
            [
                project, enrollment.localId, enrollment.mfaEnrollmentId, enrollment.displayName,
                Int64((enrollment.enrolledAt.timeIntervalSince1970 * 1000).rounded()), enrollment.secret.revealed, enrollment.lastUsedStep,
            ])
    }

    func deleteMFAEnrollment(localId: String, mfaEnrollmentId: String) {
        step.execute(
            "DELETE FROM firebase_mfa_enrollments WHERE project_id = ? AND localId = ? AND mfaEnrollmentId = ?",
            [project, localId, mfaEnrollmentId])
    }
}

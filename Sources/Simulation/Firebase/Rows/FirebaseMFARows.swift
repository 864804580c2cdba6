import Foundation

/// The Firebase-like engine's enrolled second factors (Identity Toolkit's `mfaInfo`) and the TOTP
/// enrolments waiting for `mfaEnrollment:finalize`. Deleting a user, `wipeAccounts` and
/// `deleteAll` delete both.
package protocol FirebaseMFARows: AnyObject {
    /// A user's enrolled factors, oldest first.
    func mfaEnrollments(of localId: String) -> [FirebaseMFAEnrollmentRecord]
    /// Inserts or replaces a factor.
    func save(_ enrollment: FirebaseMFAEnrollmentRecord)
    /// Deletes one factor of a user.
    func deleteMFAEnrollment(localId: String, mfaEnrollmentId: String)

    /// A TOTP enrolment waiting for `:finalize`, by its `sessionInfo`.
    func totpEnrollmentSession(_ sessionInfo: String) -> FirebaseTOTPEnrollmentSession?
    /// Keeps a TOTP enrolment until `:finalize` takes it or it expires.
    func insertTOTPEnrollmentSession(_ sessionInfo: String, _ session: FirebaseTOTPEnrollmentSession)
    /// Forgets a TOTP enrolment.
    func deleteTOTPEnrollmentSession(_ sessionInfo: String)
    /// Forgets the TOTP enrolments expired at `now`.
    func purgeTOTPEnrollmentSessions(expiredAt now: Date)
    /// A user's TOTP enrolments waiting for `:finalize`, the first to expire first.
    func totpEnrollmentSessions(of localId: String) -> [(sessionInfo: String, session: FirebaseTOTPEnrollmentSession)]
}

import Foundation

/// The Firebase-like engine's enrolled second factors (Identity Toolkit's `mfaInfo`). Deleting a
/// user, `wipeAccounts` and `deleteAll` delete its factors.
package protocol FirebaseMFARows: AnyObject {
    /// A user's enrolled factors, oldest first.
    func mfaEnrollments(of localId: String) -> [FirebaseMFAEnrollmentRecord]
    /// Inserts or replaces a factor.
    func save(_ enrollment: FirebaseMFAEnrollmentRecord)
    /// Deletes one factor of a user.
    func deleteMFAEnrollment(localId: String, mfaEnrollmentId: String)
}

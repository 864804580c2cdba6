import Foundation

/// One enrolled second factor of a Firebase user (Identity Toolkit's `MfaEnrollment`, in
/// `accounts:lookup`'s `mfaInfo`): a TOTP factor carries an empty `totpInfo`.
package struct FirebaseMFAInfoPayload: Codable, Hashable, Sendable {
    /// The factor's id.
    package var mfaEnrollmentId: String
    /// The name given at enrolment.
    package var displayName: String?
    /// When it was enrolled (RFC 3339).
    package var enrolledAt: String?
    /// `{}` for a TOTP factor.
    package var totpInfo: [String: String]?

    /// Creates the payload.
    package init(mfaEnrollmentId: String, displayName: String?, enrolledAt: String?, totpInfo: [String: String]?) {
        self.mfaEnrollmentId = mfaEnrollmentId
        self.displayName = displayName
        self.enrolledAt = enrolledAt
        self.totpInfo = totpInfo
    }
}

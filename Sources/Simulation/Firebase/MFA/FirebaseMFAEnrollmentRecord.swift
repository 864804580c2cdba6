import AuthDomain
import Foundation

/// A user's enrolled TOTP second factor, as Identity Toolkit's `MfaEnrollment` lists it
/// (`mfaEnrollmentId`, `displayName`, `enrolledAt`, `totpInfo`), with the shared secret and the
/// step of the last code accepted (a code is accepted once).
package struct FirebaseMFAEnrollmentRecord: Sendable, Hashable {
    /// The user it belongs to.
    package var localId: String
    /// `mfaEnrollmentId`.
    package var mfaEnrollmentId: String
    /// `displayName` given at `mfaEnrollment:finalize`.
    package var displayName: String?
    /// When `mfaEnrollment:finalize` enrolled it.
    package var enrolledAt: Date
    /// The base32 shared secret (never logged).
    package var secret: Secret
    /// The TOTP step of the last code accepted.
    package var lastUsedStep: Int64?

    /// Creates a record with every field.
    package init(localId: String, mfaEnrollmentId: String, displayName: String?, enrolledAt: Date, secret: Secret, lastUsedStep: Int64?) {
        self.localId = localId
        self.mfaEnrollmentId = mfaEnrollmentId
        self.displayName = displayName
        self.enrolledAt = enrolledAt
        self.secret = secret
        self.lastUsedStep = lastUsedStep
    }
}

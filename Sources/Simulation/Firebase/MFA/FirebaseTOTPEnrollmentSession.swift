import AuthDomain
import Foundation

/// A TOTP enrolment between `mfaEnrollment:start` and `:finalize`: whose, the secret, and until
/// when `:finalize` takes it. Kept in the project's rows, so that a `:finalize` answered by
/// another process sharing the state database (two `login` commands) finds it.
package struct FirebaseTOTPEnrollmentSession: Sendable, Hashable {
    /// The user who started it.
    package var localId: String
    /// The base32 shared secret (never logged).
    package var secret: Secret
    /// When `:finalize` stops taking it (`finalizeEnrollmentTime`).
    package var expiresAt: Date

    /// Creates a session with every field.
    package init(localId: String, secret: Secret, expiresAt: Date) {
        self.localId = localId
        self.secret = secret
        self.expiresAt = expiresAt
    }
}

import AuthDomain
import Foundation

/// A TOTP enrolment between `mfaEnrollment:start` and `:finalize`: whose, the secret, and until
/// when `:finalize` takes it. Kept in memory (it lives minutes).
struct FirebaseTOTPEnrollmentSession: Sendable {
    var localId: String
    var secret: Secret
    var expiresAt: Date
}

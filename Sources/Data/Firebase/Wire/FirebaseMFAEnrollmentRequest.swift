import Foundation

/// The body of v2 `accounts/mfaEnrollment:start`, `:finalize` and `:withdraw` (Google's
/// `StartMfaEnrollmentRequest`, `FinalizeMfaEnrollmentRequest`, `WithdrawMfaRequest`): TOTP only.
package struct FirebaseMFAEnrollmentRequest: Codable, Sendable {
    /// The TOTP code and the session of `:start` (`totpVerificationInfo`).
    package struct TOTPVerificationInfo: Codable, Sendable {
        package var sessionInfo: String?
        package var verificationCode: String?
    }

    /// An object whose fields are not read (`totpEnrollmentInfo` is `{}`).
    package struct Present: Codable, Sendable {}

    /// The signed-in user's ID token.
    package var idToken: String?
    /// `{}` asks for a TOTP secret at `:start`.
    package var totpEnrollmentInfo: Present?
    /// A phone enrolment (refused: TOTP only).
    package var phoneEnrollmentInfo: Present?
    /// `:finalize`'s proof.
    package var totpVerificationInfo: TOTPVerificationInfo?
    /// `:finalize`'s name for the factor.
    package var displayName: String?
    /// `:withdraw`'s factor.
    package var mfaEnrollmentId: String?
}

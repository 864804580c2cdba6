import Foundation

/// The body of v2 `accounts/mfaEnrollment:start`, `:finalize` and `:withdraw` (Google's
/// `StartMfaEnrollmentRequest`, `FinalizeMfaEnrollmentRequest`, `WithdrawMfaRequest`): TOTP only,
/// as firebase-ios-sdk's `TOTPMultiFactorGenerator` sends them.
package struct FirebaseMFAEnrollmentRequest: Codable, Sendable {
    /// The TOTP code and the session of `:start` (`totpVerificationInfo`).
    package struct TOTPVerificationInfo: Codable, Sendable {
        package var sessionInfo: String?
        package var verificationCode: String?

        /// Creates the proof.
        package init(sessionInfo: String?, verificationCode: String?) {
            self.sessionInfo = sessionInfo
            self.verificationCode = verificationCode
        }
    }

    /// An object whose fields are not read (`totpEnrollmentInfo` is `{}`).
    package struct Present: Codable, Sendable {
        /// The empty object.
        package init() {}
    }

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

    /// A request for the signed-in user; set the fields of the call.
    /// - Parameter idToken: The user's ID token.
    package init(idToken: String?) {
        self.idToken = idToken
    }
}

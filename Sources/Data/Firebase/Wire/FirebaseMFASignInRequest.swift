import Foundation

/// The body of v2 `accounts/mfaSignIn:start` and `:finalize` (Google's `StartMfaSignInRequest`,
/// `FinalizeMfaSignInRequest`): TOTP only.
package struct FirebaseMFASignInRequest: Codable, Sendable {
    /// `:finalize`'s code (`totpVerificationInfo`).
    package struct TOTPVerificationInfo: Codable, Sendable {
        package var verificationCode: String?

        /// Creates the proof.
        package init(verificationCode: String?) {
            self.verificationCode = verificationCode
        }
    }

    /// What the first factor's sign-in answered.
    package var mfaPendingCredential: String?
    /// The factor to sign in with.
    package var mfaEnrollmentId: String?
    /// `:finalize`'s code.
    package var totpVerificationInfo: TOTPVerificationInfo?

    /// Creates the body.
    package init(mfaPendingCredential: String?, mfaEnrollmentId: String?, totpVerificationInfo: TOTPVerificationInfo?) {
        self.mfaPendingCredential = mfaPendingCredential
        self.mfaEnrollmentId = mfaEnrollmentId
        self.totpVerificationInfo = totpVerificationInfo
    }
}

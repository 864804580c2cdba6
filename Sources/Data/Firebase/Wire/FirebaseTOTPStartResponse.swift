import Foundation

/// v2 `accounts/mfaEnrollment:start`'s answer (Google's `StartMfaEnrollmentResponse` with
/// `totpSessionInfo`). `sharedSecretKey` is the secret itself: the answer is never logged.
package struct FirebaseTOTPStartResponse: Codable, Sendable {
    /// `totpSessionInfo`.
    package struct TOTPSessionInfo: Codable, Sendable {
        package var sharedSecretKey: String
        package var verificationCodeLength: Int
        package var hashingAlgorithm: String
        package var periodSec: Int
        package var sessionInfo: String
        package var finalizeEnrollmentTime: String

        /// Creates the session info.
        package init(
            sharedSecretKey: String, verificationCodeLength: Int, hashingAlgorithm: String, periodSec: Int,
            sessionInfo: String, finalizeEnrollmentTime: String
        ) {
            self.sharedSecretKey = sharedSecretKey
            self.verificationCodeLength = verificationCodeLength
            self.hashingAlgorithm = hashingAlgorithm
            self.periodSec = periodSec
            self.sessionInfo = sessionInfo
            self.finalizeEnrollmentTime = finalizeEnrollmentTime
        }
    }

    package var totpSessionInfo: TOTPSessionInfo

    /// Creates the answer.
    package init(totpSessionInfo: TOTPSessionInfo) {
        self.totpSessionInfo = totpSessionInfo
    }
}

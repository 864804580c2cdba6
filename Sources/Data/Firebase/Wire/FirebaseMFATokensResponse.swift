import Foundation

/// The tokens v2 `accounts/mfaEnrollment:finalize` and `:withdraw` answer (Google's
/// `FinalizeMfaEnrollmentResponse`, `WithdrawMfaResponse`).
package struct FirebaseMFATokensResponse: Codable, Sendable {
    package var idToken: String
    package var refreshToken: String
}

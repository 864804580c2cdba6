import Foundation

/// The tokens v2 `accounts/mfaEnrollment:finalize`, `:withdraw` and `accounts/mfaSignIn:finalize`
/// answer (Google's `FinalizeMfaEnrollmentResponse`, `WithdrawMfaResponse`,
/// `FinalizeMfaSignInResponse`).
package struct FirebaseMFATokensResponse: Codable, Sendable {
    package var idToken: String
    package var refreshToken: String

    /// Creates the answer.
    package init(idToken: String, refreshToken: String) {
        self.idToken = idToken
        self.refreshToken = refreshToken
    }
}

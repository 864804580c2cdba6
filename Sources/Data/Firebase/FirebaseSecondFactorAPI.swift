/// The Identity Toolkit v2 endpoints of TOTP second factors (Google's reference for
/// `accounts.mfaEnrollment` and `accounts.mfaSignIn`), in wire types; implemented over HTTP and
/// over the in-process engine.
package protocol FirebaseSecondFactorAPI: Sendable {
    /// `accounts/mfaEnrollment:start` with `totpEnrollmentInfo`.
    func startMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseTOTPStartResponse
    /// `accounts/mfaEnrollment:finalize` with `totpVerificationInfo`.
    func finalizeMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseMFATokensResponse
    /// `accounts/mfaEnrollment:withdraw`.
    func withdrawMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseMFATokensResponse
    /// `accounts/mfaSignIn:finalize` with `totpVerificationInfo`.
    func finalizeMFASignIn(_ request: FirebaseMFASignInRequest) async throws -> FirebaseMFATokensResponse
    /// The project id, when known: the default issuer of a key URI.
    var projectID: String? { get }
}

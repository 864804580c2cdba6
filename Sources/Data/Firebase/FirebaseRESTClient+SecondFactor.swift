import Foundation

/// The v2 second-factor endpoints over HTTP (`identitytoolkit.googleapis.com/v2/...?key=`).
extension FirebaseRESTClient {
    var projectID: String? { configuration.projectID }

    func startMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseTOTPStartResponse {
        try await call("accounts/mfaEnrollment:start", request, version: "v2", idempotent: false)
    }

    func finalizeMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseMFATokensResponse {
        try await call("accounts/mfaEnrollment:finalize", request, version: "v2", idempotent: false)
    }

    func withdrawMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseMFATokensResponse {
        try await call("accounts/mfaEnrollment:withdraw", request, version: "v2", idempotent: false)
    }

    func finalizeMFASignIn(_ request: FirebaseMFASignInRequest) async throws -> FirebaseMFATokensResponse {
        try await call("accounts/mfaSignIn:finalize", request, version: "v2", idempotent: false)
    }
}

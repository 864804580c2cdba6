/// The email + password endpoints over HTTP.
extension FirebaseRESTClient {
    func signInWithPassword(_ request: FirebasePasswordSignInRequest) async throws -> FirebasePasswordSignInResponse {
        try await call("accounts:signInWithPassword", request, idempotent: false)
    }

    func resetPassword(_ request: FirebaseResetPasswordRequest) async throws -> FirebaseResetPasswordResponse {
        try await call("accounts:resetPassword", request, idempotent: false)
    }
}

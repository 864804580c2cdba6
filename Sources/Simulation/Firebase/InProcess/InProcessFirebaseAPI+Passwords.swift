import AuthData

/// The email + password endpoints answered by the in-process engine.
extension InProcessFirebaseAPI {
    func signInWithPassword(_ request: FirebasePasswordSignInRequest) async throws -> FirebasePasswordSignInResponse {
        try await engine.signInWithPassword(request)
    }

    func resetPassword(_ request: FirebaseResetPasswordRequest) async throws -> FirebaseResetPasswordResponse {
        try await engine.resetPassword(request)
    }
}

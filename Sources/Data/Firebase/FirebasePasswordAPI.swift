/// The Identity Toolkit endpoints of email + password accounts beyond those ``FirebaseAuthAPI``
/// already has (`accounts:signUp`, `update`, `sendOobCode`); implemented over HTTP and over the
/// in-process engine.
package protocol FirebasePasswordAPI: Sendable {
    /// `accounts:signInWithPassword`.
    func signInWithPassword(_ request: FirebasePasswordSignInRequest) async throws -> FirebasePasswordSignInResponse
    /// `accounts:resetPassword`.
    func resetPassword(_ request: FirebaseResetPasswordRequest) async throws -> FirebaseResetPasswordResponse
}

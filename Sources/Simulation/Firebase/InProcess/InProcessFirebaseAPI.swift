import AuthData
import AuthDomain
import Foundation

/// The Firebase endpoints answered by the in-process engine instead of HTTP.
struct InProcessFirebaseAPI: FirebaseAuthAPI {
    let engine: FirebaseEngine
    let hasAdminAccess: Bool

    func signInWithIdp(_ request: FirebaseIdpRequest) async throws -> FirebaseIdpResponse { try await engine.signInWithIdp(request) }
    func signUp(_ request: FirebaseSignUpRequest) async throws -> FirebaseSignUpResponse { try await engine.signUp(request) }
    func lookup(idToken: String) async throws -> FirebaseLookupResponse { try await engine.lookup(idToken: idToken) }
    func update(_ request: FirebaseUpdateRequest) async throws -> FirebaseUpdateResponse { try await engine.update(request) }
    func deleteAccount(idToken: String) async throws { try await engine.deleteAccount(idToken: idToken) }
    func sendOobCode(_ request: FirebaseOobRequest) async throws -> FirebaseOobCodeResponse { try await engine.sendOobCode(request) }
    func signInWithEmailLink(_ request: FirebaseEmailLinkRequest) async throws -> FirebaseEmailLinkResponse {
        try await engine.signInWithEmailLink(request)
    }
    /// No browser can reach an in-process engine's provider pages.
    func createAuthUri(_ request: FirebaseCreateAuthUriRequest) async throws -> FirebaseCreateAuthUriResponse {
        throw AuthError.providerUnavailable("browser")
    }
    func refresh(refreshToken: String) async throws -> FirebaseSecureTokenResponse {
        try await engine.secureToken(grantType: "refresh_token", refreshToken: refreshToken)
    }
    func revokeRefreshTokens(localId: String) async throws {
        guard hasAdminAccess else { throw AuthError.invalidInput("global sign-out needs Firebase admin access") }
        try await engine.adminRevokeRefreshTokens(localId: localId)
    }
    var emailResendInterval: Double { engine.configuration.emailResendInterval }
    var projectID: String? { engine.configuration.projectID }
    func startMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseTOTPStartResponse {
        try await engine.startMFAEnrollment(request)
    }
    func finalizeMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseMFATokensResponse {
        try await engine.finalizeMFAEnrollment(request)
    }
    func withdrawMFAEnrollment(_ request: FirebaseMFAEnrollmentRequest) async throws -> FirebaseMFATokensResponse {
        try await engine.withdrawMFAEnrollment(request)
    }
    func finalizeMFASignIn(_ request: FirebaseMFASignInRequest) async throws -> FirebaseMFATokensResponse {
        try await engine.finalizeMFASignIn(request)
    }
}

extension FirebaseAuthBackend {
    /// The in-process Firebase-like backend: this adapter in front of the engine instead of
    /// HTTP (the "mock adapter" unit tests and the CLI use).
    /// - Parameters:
    ///   - engine: The engine.
    ///   - hasAdminAccess: Whether global sign-out may revoke refresh tokens (as a server holding
    ///     admin credentials can).
    public init(engine: FirebaseEngine, hasAdminAccess: Bool = true) {
        self.init(api: InProcessFirebaseAPI(engine: engine, hasAdminAccess: hasAdminAccess), clock: engine.clock)
    }
}

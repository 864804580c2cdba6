import AuthData
import AuthJWT
import Foundation

/// The Supabase endpoints answered by the in-process engine instead of HTTP.
struct InProcessSupabaseAPI: SupabaseAuthAPI {
    let engine: SupabaseEngine

    func token(idToken request: SupabaseIDTokenRequest, bearer: String?) async throws -> SupabaseSessionPayload {
        try await engine.grantIDToken(request, bearer: bearer)
    }

    func token(refreshToken: String) async throws -> SupabaseSessionPayload {
        try await engine.grantRefreshToken(refreshToken)
    }

    func signUpAnonymously() async throws -> SupabaseSessionPayload {
        try await engine.signUpAnonymously(data: [:])
    }

    func otp(email: String, createUser: Bool) async throws {
        try await engine.sendOTP(email: email, createUser: createUser, data: [:])
    }

    func verify(email: String, token: String, type: String) async throws -> SupabaseSessionPayload {
        try Self.session(of: try await engine.verify(SupabaseVerifyRequest(type: type, email: email, token: token)))
    }

    /// The session of a verification; the first half of a secure email change has none (the
    /// adapters confirm an email change through `verifyEmailChange`, which expects that).
    static func session(of answer: SupabaseVerifyResponse) throws -> SupabaseSessionPayload {
        guard let session = answer.session else {
            throw SupabaseFailure.validation("the other address of this email change is still to be confirmed")
        }
        return session
    }

    func user(bearer: String) async throws -> SupabaseUserPayload {
        try await engine.user(bearer: bearer)
    }

    func updateUser(bearer: String, data: JSONObject) async throws -> SupabaseUserPayload {
        try await engine.updateUser(bearer: bearer, data: data, email: nil, password: nil)
    }

    func deleteIdentity(bearer: String, identityID: String) async throws {
        _ = try await engine.unlinkIdentity(bearer: bearer, identityID: identityID)
    }

    func logout(bearer: String, scope: String) async throws {
        try await engine.logout(bearer: bearer, scope: scope)
    }

    func deleteAccount(bearer: String) async throws {
        try await engine.deleteAccountFunction(bearer: bearer)
    }

    var emailResendInterval: Double { engine.configuration.emailResendInterval }
}

extension SupabaseAuthBackend {
    /// The in-process Supabase-like backend: this adapter in front of the engine instead of
    /// HTTP (the "mock adapter" unit tests and the CLI use).
    /// - Parameter engine: The engine.
    public init(engine: SupabaseEngine) {
        self.init(api: InProcessSupabaseAPI(engine: engine), clock: engine.clock)
    }
}

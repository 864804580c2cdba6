import AuthData
import AuthJWT

/// The email + password endpoints answered by the in-process engine.
extension InProcessSupabaseAPI {
    func signUp(email: String, password: String, data: JSONObject) async throws -> SupabaseSignUpResponse {
        switch try await engine.signUp(email: email, phone: nil, password: password, data: data) {
        case .session(let session): .session(session)
        case .user(let user): .user(user)
        }
    }

    func token(email: String, password: String) async throws -> SupabaseSessionPayload {
        try await engine.grantPassword(email: email, phone: nil, password: password)
    }

    func recover(email: String) async throws {
        try await engine.recover(email: email)
    }

    func verify(tokenHash: String, type: String) async throws -> SupabaseSessionPayload {
        try Self.session(of: try await engine.verify(SupabaseVerifyRequest(type: type, tokenHash: tokenHash)))
    }

    func verifyEmailChange(email: String, token: String) async throws -> SupabaseVerifyResponse {
        try await engine.verify(SupabaseVerifyRequest(type: "email_change", email: email, token: token))
    }

    func verifyEmailChange(tokenHash: String) async throws -> SupabaseVerifyResponse {
        try await engine.verify(SupabaseVerifyRequest(type: "email_change", tokenHash: tokenHash))
    }

    func updateUser(bearer: String, change: SupabaseUserChange) async throws -> SupabaseUserPayload {
        let update = SupabaseEngine.UserUpdate(data: change.data, email: change.email, password: change.password, nonce: change.nonce)
        return try await engine.updateUser(bearer: bearer, update)
    }

    func reauthenticate(bearer: String) async throws {
        try await engine.reauthenticate(bearer: bearer)
    }

    func resend(type: String, email: String) async throws {
        try await engine.resend(type: type, email: email, phone: nil)
    }
}

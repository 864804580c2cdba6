import AuthJWT

/// The email + password endpoints over HTTP.
extension SupabaseRESTClient {
    func signUp(email: String, password: String, data: JSONObject) async throws -> SupabaseSignUpResponse {
        let body: JSONObject = ["email": .string(email), "password": .string(password), "data": .object(data)]
        return try await call("POST", "signup", body: body, idempotent: false)
    }

    func token(email: String, password: String) async throws -> SupabaseSessionPayload {
        try await call(
            "POST", "token", query: [("grant_type", "password")], body: ["email": email, "password": password], idempotent: false)
    }

    func recover(email: String) async throws {
        let _: JSONObject = try await call("POST", "recover", body: ["email": email], idempotent: false)
    }

    func verify(tokenHash: String, type: String) async throws -> SupabaseSessionPayload {
        try await call("POST", "verify", body: ["token_hash": tokenHash, "type": type], idempotent: false)
    }

    func verifyEmailChange(email: String, token: String) async throws -> SupabaseVerifyResponse {
        try await call("POST", "verify", body: ["type": "email_change", "email": email, "token": token], idempotent: false)
    }

    func verifyEmailChange(tokenHash: String) async throws -> SupabaseVerifyResponse {
        try await call("POST", "verify", body: ["token_hash": tokenHash, "type": "email_change"], idempotent: false)
    }

    func updateUser(bearer: String, change: SupabaseUserChange) async throws -> SupabaseUserPayload {
        try await call("PUT", "user", body: change, bearer: bearer, idempotent: false)
    }

    func reauthenticate(bearer: String) async throws {
        _ = try await send("GET", url: try endpoint("reauthenticate"), body: nil, bearer: bearer, idempotent: true)
    }

    func resend(type: String, email: String) async throws {
        let _: JSONObject = try await call("POST", "resend", body: ["type": type, "email": email], idempotent: false)
    }
}

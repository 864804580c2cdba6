import AuthDomain
import AuthJWT
import Foundation

/// GoTrue's `/passkeys` routes over HTTP.
extension SupabaseRESTClient {
    func passkeyRegistrationOptions(bearer: String) async throws -> JSONObject {
        try await call("POST", "passkeys/registration/options", body: JSONObject(), bearer: bearer, idempotent: false)
    }

    func passkeyRegistrationVerify(bearer: String, challengeID: String, credential: JSONValue) async throws -> JSONObject {
        let body: JSONObject = ["challenge_id": .string(challengeID), "credential": credential]
        return try await call("POST", "passkeys/registration/verify", body: body, bearer: bearer, idempotent: false)
    }

    func passkeyAuthenticationOptions() async throws -> JSONObject {
        try await call("POST", "passkeys/authentication/options", body: JSONObject(), idempotent: false)
    }

    func passkeyAuthenticationVerify(challengeID: String, credential: JSONValue) async throws -> SupabaseSessionPayload {
        let body: JSONObject = ["challenge_id": .string(challengeID), "credential": credential]
        return try await call("POST", "passkeys/authentication/verify", body: body, idempotent: false)
    }

    func passkeys(bearer: String) async throws -> [JSONValue] {
        try await call("GET", "passkeys", bearer: bearer, idempotent: true)
    }

    func renamePasskey(bearer: String, passkeyID: String, friendlyName: String) async throws -> JSONObject {
        let body: JSONObject = ["friendly_name": .string(friendlyName)]
        return try await call("PATCH", "passkeys/\(try Self.passkeyPath(passkeyID))", body: body, bearer: bearer, idempotent: true)
    }

    func deletePasskey(bearer: String, passkeyID: String) async throws {
        let url = try endpoint("passkeys/\(try Self.passkeyPath(passkeyID))")
        _ = try await send("DELETE", url: url, body: nil, bearer: bearer, idempotent: true)
    }

    /// Passkey ids are UUIDs; anything else could walk the path (`../`).
    private static func passkeyPath(_ passkeyID: String) throws(AuthError) -> String {
        guard UUID(uuidString: passkeyID) != nil else { throw .invalidInput("\"\(passkeyID)\" is not a Supabase passkey id") }
        return passkeyID
    }
}

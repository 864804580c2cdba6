import AuthData
import AuthJWT

/// GoTrue's `/passkeys` routes answered by the in-process engine.
extension InProcessSupabaseAPI {
    func passkeyRegistrationOptions(bearer: String) async throws -> JSONObject {
        try await engine.passkeyRegistrationOptions(bearer: bearer)
    }

    func passkeyRegistrationVerify(bearer: String, challengeID: String, credential: JSONValue) async throws -> JSONObject {
        try await engine.passkeyRegistrationVerify(bearer: bearer) { () throws(SupabaseFailure) in (challengeID, credential) }
    }

    func passkeyAuthenticationOptions() async throws -> JSONObject {
        try await engine.passkeyAuthenticationOptions()
    }

    func passkeyAuthenticationVerify(challengeID: String, credential: JSONValue) async throws -> SupabaseSessionPayload {
        try await engine.passkeyAuthenticationVerify { () throws(SupabaseFailure) in (challengeID, credential) }
    }

    func passkeys(bearer: String) async throws -> [JSONValue] {
        try await engine.passkeys(bearer: bearer)
    }

    func renamePasskey(bearer: String, passkeyID: String, friendlyName: String) async throws -> JSONObject {
        try await engine.renamePasskey(bearer: bearer, passkeyID: passkeyID) { () throws(SupabaseFailure) -> String? in friendlyName }
    }

    func deletePasskey(bearer: String, passkeyID: String) async throws {
        try await engine.deletePasskey(bearer: bearer, passkeyID: passkeyID)
    }
}

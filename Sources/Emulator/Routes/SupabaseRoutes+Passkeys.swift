import AuthData
import AuthJWT
import AuthSimulation

/// GoTrue's passkey routes (internal/api/api.go: `/passkeys` behind `requirePasskeyEnabled`,
/// the registration routes behind `requireAuthentication` and `requireNotAnonymous`, the admin
/// routes under `/admin/users/{user_id}/passkeys`).
extension SupabaseRoutes {
    typealias Row = (method: String, pattern: String, summary: String, handler: RouteTable<SupabaseRoutes>.Handler)

    /// The rows the route table adds for passkeys.
    static let passkeyRoutes: [Row] = [
        (
            "POST", "/passkeys/registration/options",
            "a WebAuthn creation challenge for the signed-in user (not anonymous; `GOTRUE_PASSKEY_ENABLED`)",
            { try await $0.passkeyRegistrationOptions($1.request) }
        ),
        (
            "POST", "/passkeys/registration/verify", "verify `credential` against `challenge_id` and store the passkey",
            { try await $0.passkeyRegistrationVerify($1.request) }
        ),
        (
            "POST", "/passkeys/authentication/options", "a discoverable WebAuthn sign-in challenge",
            { try await $0.passkeyAuthenticationOptions($1.request) }
        ),
        (
            "POST", "/passkeys/authentication/verify", "verify an assertion against `challenge_id`: a session (`amr` `passkey`)",
            { try await $0.passkeyAuthenticationVerify($1.request) }
        ),
        ("GET", "/passkeys", "the signed-in user's passkeys", { try await $0.passkeyList($1.request) }),
        ("PATCH", "/passkeys/{passkey_id}", "rename a passkey (`friendly_name`)", { try await $0.passkeyRename($1) }),
        ("DELETE", "/passkeys/{passkey_id}", "delete a passkey", { try await $0.passkeyDelete($1) }),
        ("GET", "/admin/users/{user_id}/passkeys", "a user's passkeys (service role)", { try await $0.adminPasskeyList($1) }),
        (
            "DELETE", "/admin/users/{user_id}/passkeys/{passkey_id}", "delete a user's passkey (service role)",
            { try await $0.adminPasskeyDelete($1) }
        ),
    ]

    /// `PasskeyRegistrationVerifyParams` and `PasskeyAuthenticationVerifyParams`: `challenge_id`
    /// a string, `credential` any JSON (a wrong type is `bad_json`, as Go's decoder answers).
    private func ceremonyBody(_ request: EmulatorRequest) throws(SupabaseFailure) -> SupabaseEngine.CeremonyParameters {
        let body = try decodeObject(request)
        let challengeID = body["challenge_id"]
        if let challengeID, challengeID.stringValue == nil, challengeID != .null {
            throw SupabaseFailure.badJSONBody("challenge_id is not a string")
        }
        return (challengeID?.stringValue, body["credential"])
    }

    private func passkeyRegistrationOptions(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        respond(request, try await engine.passkeyRegistrationOptions(bearer: request.bearer))
    }

    private func passkeyRegistrationVerify(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let session = try await engine.passkeyRegistrationVerify(bearer: request.bearer) { () throws(SupabaseFailure) in
            try ceremonyBody(request)
        }
        return respond(request, session)
    }

    private func passkeyAuthenticationOptions(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        respond(request, try await engine.passkeyAuthenticationOptions())
    }

    private func passkeyAuthenticationVerify(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let session = try await engine.passkeyAuthenticationVerify { () throws(SupabaseFailure) in try ceremonyBody(request) }
        return respond(request, session.jsonObject)
    }

    private func passkeyList(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        array(request, try await engine.passkeys(bearer: request.bearer))
    }

    private func passkeyRename(_ call: RouteCall) async throws -> EmulatorResponse {
        let item = try await engine.renamePasskey(bearer: call.request.bearer, passkeyID: call[parameter: "passkey_id"]) {
            () throws(SupabaseFailure) -> String? in
            let body = try decodeObject(call.request)
            if let name = body["friendly_name"], name.stringValue == nil, name != .null {
                throw SupabaseFailure.badJSONBody("friendly_name is not a string")
            }
            return body["friendly_name"]?.stringValue
        }
        return respond(call.request, item)
    }

    private func passkeyDelete(_ call: RouteCall) async throws -> EmulatorResponse {
        try await engine.deletePasskey(bearer: call.request.bearer, passkeyID: call[parameter: "passkey_id"])
        return EmulatorResponse(status: 204)
    }

    private func adminPasskeyList(_ call: RouteCall) async throws -> EmulatorResponse {
        array(call.request, try await engine.adminPasskeys(bearer: call.request.bearer, userID: call[parameter: "user_id"]))
    }

    private func adminPasskeyDelete(_ call: RouteCall) async throws -> EmulatorResponse {
        try await engine.adminDeletePasskey(
            bearer: call.request.bearer, userID: call[parameter: "user_id"], passkeyID: call[parameter: "passkey_id"])
        return EmulatorResponse(status: 204)
    }

    private func array(_ request: EmulatorRequest, _ items: [JSONValue]) -> EmulatorResponse {
        EmulatorResponse(
            status: 200, headers: [("Content-Type", "application/json")],
            body: JSONValue.array(items).serialized())
    }
}

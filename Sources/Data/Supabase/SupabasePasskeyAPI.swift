import AuthJWT

/// GoTrue's `/passkeys` routes (internal/api/passkey_registration.go, passkey_authentication.go,
/// passkey_manage.go) in wire types; implemented over HTTP (`SupabaseRESTClient`) and over the
/// in-process engine beside ``SupabaseAuthAPI``.
package protocol SupabasePasskeyAPI: Sendable {
    /// `POST /passkeys/registration/options`: `{challenge_id, options, expires_at}`.
    func passkeyRegistrationOptions(bearer: String) async throws -> JSONObject
    /// `POST /passkeys/registration/verify` with `challenge_id` and `credential`: `{id, friendly_name, created_at}`.
    func passkeyRegistrationVerify(bearer: String, challengeID: String, credential: JSONValue) async throws -> JSONObject
    /// `POST /passkeys/authentication/options`: `{challenge_id, options, expires_at}`.
    func passkeyAuthenticationOptions() async throws -> JSONObject
    /// `POST /passkeys/authentication/verify` with `challenge_id` and `credential`: a session.
    func passkeyAuthenticationVerify(challengeID: String, credential: JSONValue) async throws -> SupabaseSessionPayload
    /// `GET /passkeys`.
    func passkeys(bearer: String) async throws -> [JSONValue]
    /// `PATCH /passkeys/{passkey_id}` with `friendly_name`.
    func renamePasskey(bearer: String, passkeyID: String, friendlyName: String) async throws -> JSONObject
    /// `DELETE /passkeys/{passkey_id}`.
    func deletePasskey(bearer: String, passkeyID: String) async throws
}

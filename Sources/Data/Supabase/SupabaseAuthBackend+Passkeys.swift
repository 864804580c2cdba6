import AuthDomain
import AuthJWT
import Foundation

/// Passkeys through GoTrue's `/passkeys` routes: each ceremony is an `options` call that returns
/// a `challenge_id` and a `verify` call that names it; bytes are unpadded base64url.
extension SupabaseAuthBackend: PasskeyBackend {
    /// `POST /passkeys/registration/options`.
    /// - Parameter session: The signed-in session.
    /// - Returns: The ceremony, with GoTrue's `challenge_id`.
    /// - Throws: ``AuthError``.
    public func beginPasskeyRegistration(session: AuthSession) async throws(AuthError) -> PasskeyCeremony<PasskeyCreationOptions> {
        let answer = try await call { try await api.passkeyRegistrationOptions(bearer: session.accessToken.revealed) }
        let (challengeID, options) = try Self.ceremony(answer)
        return PasskeyCeremony(challengeID: challengeID, options: try PasskeyOptionsJSON.creation(options, encoding: .base64URL))
    }

    /// `POST /passkeys/registration/verify`; with a `name`, then `PATCH /passkeys/{id}` (GoTrue
    /// names a new passkey after its authenticator and takes a name only as a rename).
    /// - Parameters:
    ///   - attestation: The authenticator's answer.
    ///   - challengeID: GoTrue's `challenge_id` (required).
    ///   - name: The name to give it, if any.
    ///   - session: The signed-in session.
    /// - Returns: The passkey.
    /// - Throws: ``AuthError``.
    public func finishPasskeyRegistration(
        _ attestation: PasskeyAttestation, challengeID: String?, name: String?, session: AuthSession
    ) async throws(AuthError) -> Passkey {
        guard let challengeID else { throw .invalidInput("a Supabase passkey registration needs its challenge_id") }
        let bearer = session.accessToken.revealed
        let answer = try await call {
            let credential = PasskeyResponseJSON.webAuthn(attestation)
            return try await api.passkeyRegistrationVerify(bearer: bearer, challengeID: challengeID, credential: credential)
        }
        let passkey = try Self.passkey(.object(answer))
        guard let name else { return passkey }
        return try await renamePasskey(id: passkey.id, to: name, session: session)
    }

    /// `POST /passkeys/authentication/options` (discoverable: no `allowCredentials`).
    /// - Returns: The ceremony, with GoTrue's `challenge_id`.
    /// - Throws: ``AuthError``.
    public func beginPasskeySignIn() async throws(AuthError) -> PasskeyCeremony<PasskeyRequestOptions> {
        let answer = try await call { try await api.passkeyAuthenticationOptions() }
        let (challengeID, options) = try Self.ceremony(answer)
        return PasskeyCeremony(
            challengeID: challengeID, options: try PasskeyOptionsJSON.request(options, encoding: .base64URL, defaultRPID: nil))
    }

    /// `POST /passkeys/authentication/verify`: a session whose `amr` is `passkey`.
    /// - Parameters:
    ///   - assertion: The authenticator's answer.
    ///   - challengeID: GoTrue's `challenge_id` (required).
    /// - Returns: The signed-in result (never a new user: a passkey belongs to an account).
    /// - Throws: ``AuthError``.
    public func finishPasskeySignIn(_ assertion: PasskeyAssertion, challengeID: String?) async throws(AuthError) -> AuthenticationResult {
        guard let challengeID else { throw .invalidInput("a Supabase passkey sign-in needs its challenge_id") }
        let payload = try await call {
            try await api.passkeyAuthenticationVerify(challengeID: challengeID, credential: PasskeyResponseJSON.webAuthn(assertion))
        }
        return AuthenticationResult(
            user: SupabaseWireMapping.user(payload.user), credential: AuthCredential(provider: .passkey),
            session: SupabaseWireMapping.session(payload), isNewUser: false)
    }

    /// `GET /passkeys`.
    /// - Parameter session: The signed-in session.
    /// - Returns: The passkeys, oldest first.
    /// - Throws: ``AuthError``.
    public func passkeys(session: AuthSession) async throws(AuthError) -> [Passkey] {
        let items = try await call { try await api.passkeys(bearer: session.accessToken.revealed) }
        var passkeys: [Passkey] = []
        for item in items { passkeys.append(try Self.passkey(item)) }
        return passkeys
    }

    /// `PATCH /passkeys/{passkey_id}`.
    /// - Parameters:
    ///   - id: The passkey's id (a UUID).
    ///   - name: The new `friendly_name`.
    ///   - session: The signed-in session.
    /// - Returns: The renamed passkey.
    /// - Throws: ``AuthError``.
    public func renamePasskey(id: String, to name: String, session: AuthSession) async throws(AuthError) -> Passkey {
        try Self.passkey(
            .object(
                try await call {
                    try await api.renamePasskey(bearer: session.accessToken.revealed, passkeyID: id, friendlyName: name)
                }))
    }

    /// `DELETE /passkeys/{passkey_id}`.
    /// - Parameters:
    ///   - id: The passkey's id (a UUID).
    ///   - session: The signed-in session.
    /// - Throws: ``AuthError``.
    public func deletePasskey(id: String, session: AuthSession) async throws(AuthError) {
        try await call { try await api.deletePasskey(bearer: session.accessToken.revealed, passkeyID: id) }
    }

    private static func ceremony(_ answer: JSONObject) throws(AuthError) -> (String, JSONObject) {
        guard let id = answer["challenge_id"]?.stringValue, !id.isEmpty, id.utf8.count <= 64,
            let options = answer["options"]?.objectValue
        else { throw unexpected("the passkey options carry no challenge_id or options") }
        return (id, options)
    }

    /// GoTrue's `PasskeyListItem` or `PasskeyMetadataResponse`.
    private static func passkey(_ item: JSONValue) throws(AuthError) -> Passkey {
        guard let object = item.objectValue, let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 64 else {
            throw unexpected("a passkey without an id")
        }
        let created = object["created_at"]?.stringValue.flatMap(SupabaseTimestamp.seconds).map(Date.init(timeIntervalSince1970:))
        return Passkey(id: id, friendlyName: object["friendly_name"]?.stringValue ?? "", createdAt: created)
    }

    private static func unexpected(_ message: String) -> AuthError {
        .backend(BackendError(code: "unexpected_response", message: message))
    }
}

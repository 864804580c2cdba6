import AuthData
import AuthJWT
import AuthWebAuthn
import Foundation

/// GoTrue's passkey routes (internal/api/passkey_registration.go, passkey_authentication.go,
/// passkey_manage.go, passkey_admin.go), with WebAuthn verified by ``WebAuthnRelyingParty``.
/// Each ceremony is two calls: `options` stores a challenge (single-use, expiring after
/// `GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION`), `verify` consumes it before checking the
/// credential, so a failed or replayed ceremony cannot be retried with the same challenge.
extension SupabaseEngine {
    /// A verify call's `challenge_id` and `credential`, as the body has them.
    package typealias CeremonyParameters = (challengeID: String?, credential: JSONValue?)

    var passkeySettings: SupabasePasskeySettings { configuration.settings.passkey }

    var relyingParty: WebAuthnRelyingParty {
        WebAuthnRelyingParty(rpID: passkeySettings.rpID, origins: Set(passkeySettings.rpOrigins), requireUserVerification: false)
    }

    /// `requirePasskeyEnabled` (internal/api/middleware.go).
    func requirePasskeys() throws(SupabaseFailure) {
        guard passkeySettings.enabled else { throw .passkeyDisabled }
    }

    /// `requireAuthentication` then `requireNotAnonymous`, as the registration routes have them.
    private func registeringCaller(_ bearer: String?) async throws(SupabaseFailure) -> Caller {
        try requirePasskeys()
        let caller = try await authenticate(bearer)
        guard !caller.user.isAnonymous else { throw .anonymousNotAllowed }
        return caller
    }

    /// `POST /passkeys/registration/options`: a challenge for the signed-in user.
    /// - Returns: `{challenge_id, options, expires_at}`.
    package func passkeyRegistrationOptions(bearer: String?) async throws(SupabaseFailure) -> JSONObject {
        let caller = try await registeringCaller(bearer)
        let challenge = RandomByteSource.live.bytes(32)
        let (record, existing) = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.issueWebAuthnChallenge(.registration, userID: caller.userID, challenge: challenge, now: clock.now())
        }
        let user = caller.user
        let name = user.email
        let displayName = user.userMetadata["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? name
        let options = PasskeyCeremonyOptions.creation(
            rpID: passkeySettings.rpID, rpName: passkeySettings.rpDisplayName,
            user: .init(handle: Array(user.id.utf8), name: name, displayName: displayName),
            challenge: challenge, exclude: existing.map(\.credentialID))
        return Self.ceremony(record, options)
    }

    /// `POST /passkeys/registration/verify`: checks the new credential against the consumed
    /// challenge and stores it.
    /// - Returns: `{id, friendly_name, created_at}`.
    /// - Parameters:
    ///   - bearer: The access token.
    ///   - parameters: Reads `challenge_id` and `credential` from the body (after the access
    ///     token is checked, as GoTrue decodes the body inside the handler).
    package func passkeyRegistrationVerify(
        bearer: String?, parameters: () throws(SupabaseFailure) -> CeremonyParameters
    ) async throws(SupabaseFailure) -> JSONObject {
        let caller = try await registeringCaller(bearer)
        let (challengeID, credential) = try parameters()
        let id = try Self.ceremonyChallengeID(challengeID, credential)
        let challenge = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.consumeWebAuthnChallenge(id: id, kind: .registration, userID: caller.userID, now: clock.now())
        }
        let parsed: (RegistrationCredential, [String])
        do { parsed = try WebAuthnResponseJSON.registration(credential ?? .null) } catch { throw .invalidCredentialResponse }
        let registered: RegisteredCredential
        do { registered = try relyingParty.verifyRegistration(parsed.0, challenge: challenge.challenge) } catch {
            throw .credentialVerificationFailed
        }
        let now = clock.now()
        let record = PasskeyRecord(
            id: RandomIdentifiers.uuid(), userID: caller.userID, credentialID: registered.credentialID, publicKey: registered.publicKey,
            attestationType: registered.attestationFormat, aaguid: registered.aaguid, signCount: registered.signCount,
            transports: parsed.1, backupEligible: registered.flags.contains(.backupEligible),
            backedUp: registered.flags.contains(.backedUp), friendlyName: PasskeyFriendlyName.name(aaguid: registered.aaguid),
            createdAt: now, updatedAt: now, lastUsedAt: nil)
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.addPasskey(record) }.metadata
    }

    /// `POST /passkeys/authentication/options`: a challenge bound to no user (discoverable).
    /// - Returns: `{challenge_id, options, expires_at}`.
    package func passkeyAuthenticationOptions() async throws(SupabaseFailure) -> JSONObject {
        try requirePasskeys()
        let challenge = RandomByteSource.live.bytes(32)
        let (record, _) = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.issueWebAuthnChallenge(.authentication, userID: nil, challenge: challenge, now: clock.now())
        }
        return Self.ceremony(record, PasskeyCeremonyOptions.request(rpID: passkeySettings.rpID, challenge: challenge))
    }

    /// `POST /passkeys/authentication/verify`: finds the user by the assertion's user handle
    /// (go-webauthn `ValidatePasskeyLogin`: the handle is the user's UUID as text, and the
    /// credential must be one of that user's), verifies it, and signs the user in.
    /// - Returns: A session, as the token endpoint's.
    package func passkeyAuthenticationVerify(
        parameters: () throws(SupabaseFailure) -> CeremonyParameters
    ) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        try requirePasskeys()
        let (challengeID, credential) = try parameters()
        let id = try Self.ceremonyChallengeID(challengeID, credential)
        let challenge = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.consumeWebAuthnChallenge(id: id, kind: .authentication, userID: nil, now: clock.now())
        }
        let assertion: AssertionCredential
        do { assertion = try WebAuthnResponseJSON.assertion(credential ?? .null) } catch { throw .invalidCredentialResponse }
        guard let handle = String(bytes: assertion.userHandle, encoding: .utf8),
            let userID = UUID(uuidString: handle)?.uuidString.lowercased()
        else { throw .credentialVerificationFailed }
        let passkeys = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.passkeys.passkeys(userID: userID) }
        guard let passkey = passkeys.first(where: { $0.credentialID == assertion.credentialID }) else {
            throw .credentialVerificationFailed
        }
        let verified: VerifiedAssertion
        do {
            verified = try relyingParty.verifyAssertion(
                assertion, challenge: challenge.challenge,
                credential: passkey.registered)
        } catch {
            throw .credentialVerificationFailed
        }
        let issued = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.signInWithPasskey(
                passkey.id, userID: userID, signCount: verified.signCount, backedUp: verified.flags.contains(.backedUp), now: clock.now())
        }
        return try sessionPayload(issued)
    }

    /// `GET /passkeys`: the signed-in user's passkeys, oldest first.
    package func passkeys(bearer: String?) async throws(SupabaseFailure) -> [JSONValue] {
        try requirePasskeys()
        let caller = try await authenticate(bearer)
        return try listPasskeys(userID: caller.userID)
    }

    /// `PATCH /passkeys/{passkey_id}`: renames one (`friendly_name`, 1 to 120 bytes).
    /// - Returns: The passkey's list item.
    package func renamePasskey(
        bearer: String?, passkeyID: String, friendlyName: () throws(SupabaseFailure) -> String?
    ) async throws(SupabaseFailure) -> JSONObject {
        try requirePasskeys()
        let caller = try await authenticate(bearer)
        let id = try Self.passkeyID(passkeyID)
        let name = try friendlyName() ?? ""
        guard !name.isEmpty else { throw .friendlyNameRequired }
        guard name.utf8.count <= 120 else { throw .friendlyNameTooLong }
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.renamePasskey(id, userID: caller.userID, to: name, now: clock.now())
        }.listItem
    }

    /// `DELETE /passkeys/{passkey_id}`.
    package func deletePasskey(bearer: String?, passkeyID: String) async throws(SupabaseFailure) {
        try requirePasskeys()
        let caller = try await authenticate(bearer)
        let id = try Self.passkeyID(passkeyID)
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.deletePasskey(id, userID: caller.userID) }
    }

    /// `GET /admin/users/{user_id}/passkeys` (service role).
    package func adminPasskeys(bearer: String?, userID: String) async throws(SupabaseFailure) -> [JSONValue] {
        let user = try adminPasskeyOwner(bearer, userID)
        return try listPasskeys(userID: user)
    }

    /// `DELETE /admin/users/{user_id}/passkeys/{passkey_id}` (service role).
    package func adminDeletePasskey(bearer: String?, userID: String, passkeyID: String) async throws(SupabaseFailure) {
        let user = try adminPasskeyOwner(bearer, userID)
        let id = try Self.passkeyID(passkeyID)
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.deletePasskey(id, userID: user) }
    }

    /// The admin routes' `requireAdminCredentials` and `loadUser` (internal/api/admin.go).
    private func adminPasskeyOwner(_ bearer: String?, _ userID: String) throws(SupabaseFailure) -> String {
        try requireAdmin(bearer)
        guard let id = UUID(uuidString: userID)?.uuidString.lowercased() else {
            throw .api(status: 404, code: "validation_failed", message: "user_id must be an UUID")
        }
        guard try inspect({ (store: SupabaseStore) throws(SupabaseFailure) in store.user(id) }) != nil else { throw .adminUserNotFound }
        return id
    }

    private func listPasskeys(userID: String) throws(SupabaseFailure) -> [JSONValue] {
        try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.passkeys.passkeys(userID: userID) }
            .map { .object($0.listItem) }
    }

    /// The verify routes' parameter checks, in GoTrue's order.
    private static func ceremonyChallengeID(_ challengeID: String?, _ credential: JSONValue?) throws(SupabaseFailure) -> String {
        guard let challengeID, !challengeID.isEmpty else { throw .challengeIDRequired }
        guard credential != nil else { throw .credentialRequired }
        guard let id = UUID(uuidString: challengeID) else { throw .challengeIDNotUUID }
        return id.uuidString.lowercased()
    }

    /// A `{passkey_id}` path parameter: not a UUID is 404 "Passkey not found", as GoTrue answers.
    private static func passkeyID(_ text: String) throws(SupabaseFailure) -> String {
        guard let id = UUID(uuidString: text) else { throw .passkeyNotFound }
        return id.uuidString.lowercased()
    }

    private static func ceremony(_ record: WebAuthnChallengeRecord, _ options: JSONObject) -> JSONObject {
        [
            "challenge_id": .string(record.id), "options": .object(options),
            "expires_at": .int(Int64(record.expiresAt.timeIntervalSince1970)),
        ]
    }
}

import AuthData
import AuthJWT
import AuthWebAuthn
import Foundation

/// The Identity Toolkit v2 passkey methods (Google's reference: `accounts/passkeyEnrollment:start`
/// and `:finalize`, `accounts/passkeySignIn:start` and `:finalize`), verified by
/// ``WebAuthnRelyingParty`` against the project's ``FirebasePasskeyConfig``; firebase-tools
/// answers them without checking a signature. The finalize calls name no challenge, so a
/// challenge is found by the one in `clientDataJSON` and spent at once, whatever follows.
extension FirebaseEngine {
    private var passkeyConfig: FirebasePasskeyConfig { configuration.passkeyConfig }

    private var relyingParty: WebAuthnRelyingParty {
        WebAuthnRelyingParty(rpID: passkeyConfig.rpID, origins: Set(passkeyConfig.expectedOrigins), requireUserVerification: false)
    }

    /// `passkeyEnrollment:start`: creation options for the signed-in user.
    /// - Parameter idToken: The user's ID token.
    /// - Returns: `{credentialCreationOptions}`.
    package func startPasskeyEnrollment(idToken: String?) async throws(FirebaseFailure) -> JSONObject {
        let caller = try await authenticate(idToken)
        let challenge = RandomByteSource.live.bytes(32)
        let existing = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let existing = store.rows.passkeys.passkeys(userID: caller.localId)
            guard existing.count < passkeyConfig.maxPasskeysPerUser else { throw .tooManyPasskeys }
            try store.issuePasskeyChallenge(
                challenge, kind: .registration, localId: caller.localId,
                lifetime: passkeyConfig.challengeLifetime, now: now)
            return existing
        }
        let user = caller.user
        let name = user.email ?? user.localId
        var options = PasskeyCeremonyOptions.creation(
            rpID: passkeyConfig.rpID, rpName: passkeyConfig.rpID,
            user: .init(handle: Array(user.localId.utf8), name: name, displayName: user.displayName ?? name),
            challenge: challenge, exclude: existing.map(\.credentialID))
        Self.reencodeBytes(&options)
        return ["credentialCreationOptions": .object(options)]
    }

    /// `passkeyEnrollment:finalize`: verifies the new credential and stores it.
    /// - Parameters:
    ///   - idToken: The user's ID token.
    ///   - response: `authenticatorRegistrationResponse`.
    ///   - name: The passkey's name (`name`, else `displayName`, else `Unnamed Passkey`, as firebase-tools names it).
    /// - Returns: `{localId, idToken, refreshToken}`.
    package func finalizePasskeyEnrollment(
        idToken: String?, response: JSONValue?,
        name: String?
    ) async throws(FirebaseFailure) -> JSONObject {
        guard let idToken, !idToken.isEmpty else { throw .missingIDToken }
        guard let response else { throw .missingAuthenticatorResponse }
        let caller = try await authenticate(idToken)
        let parsed: (RegistrationCredential, [String])
        do { parsed = try IdentityToolkitPasskeyJSON.registration(response) } catch { throw .invalidAuthenticatorResponse }
        let challenge = try consumePasskeyChallenge(parsed.0.clientDataJSON, kind: .registration, localId: caller.localId)
        let registered: RegisteredCredential
        do {
            registered = try relyingParty.verifyRegistration(
                parsed.0,
                challenge: challenge)
        } catch { throw .invalidAuthenticatorResponse }
        let now = self.now
        let record = PasskeyRecord(
            id: RandomIdentifiers.uuid(), userID: caller.localId, credentialID: registered.credentialID, publicKey: registered.publicKey,
            attestationType: registered.attestationFormat, aaguid: registered.aaguid, signCount: registered.signCount,
            transports: parsed.1,
            backupEligible: registered.flags.contains(.backupEligible), backedUp: registered.flags.contains(.backedUp),
            friendlyName: String((name.flatMap { $0.isEmpty ? nil : $0 } ?? "Unnamed Passkey").prefix(256)),
            createdAt: now, updatedAt: now, lastUsedAt: nil)
        let authTime = nowSeconds
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let count = store.rows.passkeys.passkeys(userID: caller.localId).count
            guard count < passkeyConfig.maxPasskeysPerUser else { throw .tooManyPasskeys }
            guard store.rows.passkeys.insert(record) else { throw .credentialAlreadyInUse }
            let user = try store.activeUser(caller.localId, issuedAt: Int64.max)
            return (user, store.issueRefreshToken(for: user.localId, signInProvider: "passkey", authTime: authTime, now: now))
        }
        return Self.tokens(
            user.localId, try mintIDToken(for: user, signInProvider: "passkey", authTime: authTime),
            refreshToken, expiresIn)
    }

    /// `passkeySignIn:start`: request options for a discoverable sign-in.
    /// - Returns: `{credentialRequestOptions}`.
    package func startPasskeySignIn() async throws(FirebaseFailure) -> JSONObject {
        let challenge = RandomByteSource.live.bytes(32)
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            try store.issuePasskeyChallenge(
                challenge, kind: .authentication, localId: nil,
                lifetime: passkeyConfig.challengeLifetime, now: now)
        }
        var options = PasskeyCeremonyOptions.request(rpID: passkeyConfig.rpID, challenge: challenge)
        Self.reencodeBytes(&options)
        return ["credentialRequestOptions": .object(options)]
    }

    /// `passkeySignIn:finalize`: finds the user by the assertion's user handle (the `localId`),
    /// the credential among that user's passkeys, verifies it and signs the user in.
    /// - Parameter response: `authenticatorAuthenticationResponse`.
    /// - Returns: `{localId, idToken, refreshToken}`.
    package func finalizePasskeySignIn(response: JSONValue?) async throws(FirebaseFailure) -> JSONObject {
        guard let response else { throw .missingAuthenticatorResponse }
        let assertion: AssertionCredential
        do { assertion = try IdentityToolkitPasskeyJSON.assertion(response) } catch { throw .invalidAuthenticatorResponse }
        let challenge = try consumePasskeyChallenge(assertion.clientDataJSON, kind: .authentication, localId: nil)
        guard let localId = String(bytes: assertion.userHandle, encoding: .utf8), !localId.isEmpty, localId.utf8.count <= 128 else {
            throw .passkeyEnrollmentNotFound
        }
        let passkeys = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.passkeys.passkeys(userID: localId) }
        guard let passkey = passkeys.first(where: { $0.credentialID == assertion.credentialID }) else { throw .passkeyEnrollmentNotFound }
        let verified: VerifiedAssertion
        do { verified = try relyingParty.verifyAssertion(assertion, challenge: challenge, credential: passkey.registered) } catch {
            throw .invalidAuthenticatorResponse
        }
        let authTime = nowSeconds
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.signInWithPasskey(passkey.id, localId: localId, verified: verified, now: now)
            return (user, store.issueRefreshToken(for: localId, signInProvider: "passkey", authTime: authTime, now: now))
        }
        return Self.tokens(localId, try mintIDToken(for: user, signInProvider: "passkey", authTime: authTime), refreshToken, expiresIn)
    }

    /// Spends the challenge named in client data; a challenge not issued, of another kind or
    /// user, or expired is `INVALID_AUTHENTICATOR_RESPONSE`.
    private func consumePasskeyChallenge(
        _ clientDataJSON: [UInt8], kind: WebAuthnChallengeRecord.Kind, localId: String?
    ) throws(FirebaseFailure) -> [UInt8] {
        guard let clientData = try? CollectedClientData(json: clientDataJSON),
            let challenge = Base64URL.decode(clientData.challenge)
        else {
            throw .invalidAuthenticatorResponse
        }
        let record = try mutateBlocking { (store: FirebaseStore) throws(FirebaseFailure) in
            store.rows.passkeys.consumeChallenge(id: Base64URL.encode(challenge), kind: kind, userID: localId)
        }
        guard let record, now <= record.expiresAt else { throw .invalidAuthenticatorResponse }
        return record.challenge
    }

    /// The options' `challenge`, `user.id` and credential ids as proto3 JSON writes bytes.
    private static func reencodeBytes(_ options: inout JSONObject) {
        func reencode(_ value: JSONValue?) -> JSONValue? {
            value?.stringValue.flatMap(Base64URL.decode).map { .string(IdentityToolkitPasskeyJSON.encode($0)) } ?? value
        }
        options["challenge"] = reencode(options["challenge"])
        if var user = options["user"]?.objectValue {
            user["id"] = reencode(user["id"])
            options["user"] = .object(user)
        }
        if let excluded = options["excludeCredentials"]?.arrayValue {
            options["excludeCredentials"] = .array(
                excluded.map { entry in
                    guard var object = entry.objectValue else { return entry }
                    object["id"] = reencode(object["id"])
                    return .object(object)
                })
        }
    }

    private static func tokens(_ localId: String, _ idToken: String, _ refreshToken: String, _ expiresIn: String) -> JSONObject {
        ["localId": .string(localId), "idToken": .string(idToken), "refreshToken": .string(refreshToken), "expiresIn": .string(expiresIn)]
    }
}

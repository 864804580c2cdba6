import AuthDomain
import AuthJWT
import Foundation

/// Passkeys through the Identity Toolkit v2 (`passkeyEnrollment`, `passkeySignIn`): the finalize
/// calls name no challenge (the service reads it from the client data), bytes are proto3 base64,
/// a passkey's id is its credential ID. Listing reads `accounts:lookup`'s `passkeyInfo`, deleting
/// sends `accounts:update`'s `deletePasskey`; the API has no rename.
extension FirebaseAuthBackend: PasskeyBackend {
    /// `passkeyEnrollment:start`.
    /// - Parameter session: The signed-in session.
    /// - Returns: The ceremony (no challenge ID).
    /// - Throws: ``AuthError``.
    public func beginPasskeyRegistration(session: AuthSession) async throws(AuthError) -> PasskeyCeremony<PasskeyCreationOptions> {
        let answer = try await call { try await api.startPasskeyEnrollment(idToken: session.accessToken.revealed) }
        guard let options = answer["credentialCreationOptions"]?.objectValue else {
            throw Self.unexpected("passkeyEnrollment:start answered without credentialCreationOptions")
        }
        return PasskeyCeremony(challengeID: nil, options: try PasskeyOptionsJSON.creation(options, encoding: .proto3))
    }

    /// `passkeyEnrollment:finalize` with `name`, then `accounts:lookup` for the stored passkey.
    /// - Parameters:
    ///   - attestation: The authenticator's answer.
    ///   - challengeID: Unused (Firebase names none).
    ///   - name: The passkey's `name`.
    ///   - session: The signed-in session.
    /// - Returns: The passkey.
    /// - Throws: ``AuthError``.
    public func finishPasskeyRegistration(
        _ attestation: PasskeyAttestation, challengeID: String?, name: String?, session: AuthSession
    ) async throws(AuthError) -> Passkey {
        let idToken = session.accessToken.revealed
        _ = try await call {
            let response = PasskeyResponseJSON.identityToolkit(attestation)
            return try await api.finalizePasskeyEnrollment(idToken: idToken, response: response, name: name)
        }
        let id = PasskeyByteEncoding.proto3.encode(attestation.credentialID)
        guard let passkey = try await passkeys(session: session).first(where: { $0.id == id }) else {
            throw Self.unexpected("the enrolled passkey is not in accounts:lookup's passkeyInfo")
        }
        return passkey
    }

    /// `passkeySignIn:start` (discoverable).
    /// - Returns: The ceremony (no challenge ID).
    /// - Throws: ``AuthError``.
    public func beginPasskeySignIn() async throws(AuthError) -> PasskeyCeremony<PasskeyRequestOptions> {
        let answer = try await call { try await api.startPasskeySignIn() }
        guard let options = answer["credentialRequestOptions"]?.objectValue else {
            throw Self.unexpected("passkeySignIn:start answered without credentialRequestOptions")
        }
        return PasskeyCeremony(challengeID: nil, options: try PasskeyOptionsJSON.request(options, encoding: .proto3, defaultRPID: nil))
    }

    /// `passkeySignIn:finalize`: tokens whose `sign_in_provider` is `passkey`, then the user.
    /// - Parameters:
    ///   - assertion: The authenticator's answer.
    ///   - challengeID: Unused.
    /// - Returns: The signed-in result (never a new user).
    /// - Throws: ``AuthError``.
    public func finishPasskeySignIn(_ assertion: PasskeyAssertion, challengeID: String?) async throws(AuthError) -> AuthenticationResult {
        let signIn = try await call {
            let answer = try await api.finalizePasskeySignIn(response: PasskeyResponseJSON.identityToolkit(assertion))
            guard let localId = answer["localId"]?.stringValue, !localId.isEmpty else {
                throw Self.unexpected("passkeySignIn:finalize answered without localId")
            }
            return try await signedIn(
                idToken: answer["idToken"]?.stringValue, refreshToken: answer["refreshToken"]?.stringValue,
                expiresIn: answer["expiresIn"]?.stringValue, localId: localId, isNewUser: false)
        }
        return AuthenticationResult(
            user: signIn.user, credential: AuthCredential(provider: .passkey), session: signIn.session, isNewUser: false)
    }

    /// `accounts:lookup`'s `passkeyInfo`.
    /// - Parameter session: The signed-in session.
    /// - Returns: The passkeys (id: the credential ID in proto3 base64; no creation time).
    /// - Throws: ``AuthError``.
    public func passkeys(session: AuthSession) async throws(AuthError) -> [Passkey] {
        let user = try await call { try await api.lookup(idToken: session.accessToken.revealed).users?.first }
        return (user?.passkeyInfo ?? []).map { Passkey(id: $0.credentialId, friendlyName: $0.name ?? "", createdAt: nil) }
    }

    /// Firebase's API has no way to rename a passkey.
    /// - Parameters:
    ///   - id: Unused.
    ///   - name: Unused.
    ///   - session: Unused.
    /// - Returns: Never.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func renamePasskey(id: String, to name: String, session: AuthSession) async throws(AuthError) -> Passkey {
        throw .invalidInput("Firebase Auth has no way to rename a passkey: name it when registering")
    }

    /// `accounts:update` with `deletePasskey`.
    /// - Parameters:
    ///   - id: The credential ID (proto3 base64, as listed).
    ///   - session: The signed-in session.
    /// - Throws: ``AuthError``.
    public func deletePasskey(id: String, session: AuthSession) async throws(AuthError) {
        guard PasskeyByteEncoding.proto3.decode(id).map({ !$0.isEmpty }) == true else {
            throw .invalidInput("\"\(id)\" is not a Firebase passkey's credential ID")
        }
        var request = FirebaseUpdateRequest(idToken: session.accessToken.revealed)
        request.deletePasskey = [id]
        _ = try await call { try await api.update(request) }
    }

    private static func unexpected(_ message: String) -> AuthError {
        .backend(BackendError(code: "INVALID_RESPONSE", message: message))
    }
}

/// The passkey routes of an auth service: GoTrue's `/passkeys/...`, Identity Toolkit v2's
/// `passkeyEnrollment` and `passkeySignIn`.
public protocol PasskeyBackend: Sendable {
    /// Opens a registration ceremony for the session's user.
    /// - Parameter session: The signed-in user's session.
    /// - Returns: The ceremony.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func beginPasskeyRegistration(session: AuthSession) async throws(AuthError) -> PasskeyCeremony<PasskeyCreationOptions>

    /// Sends the authenticator's attestation to finish a registration.
    /// - Parameters:
    ///   - attestation: The authenticator's answer.
    ///   - challengeID: The ceremony's challenge ID, when the service gave one.
    ///   - name: A name for the passkey, when the service takes one at registration.
    ///   - session: The signed-in user's session.
    /// - Returns: The registered passkey.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func finishPasskeyRegistration(
        _ attestation: PasskeyAttestation, challengeID: String?, name: String?, session: AuthSession
    ) async throws(AuthError) -> Passkey

    /// Opens a discoverable sign-in ceremony.
    /// - Returns: The ceremony.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func beginPasskeySignIn() async throws(AuthError) -> PasskeyCeremony<PasskeyRequestOptions>

    /// Sends the authenticator's assertion to finish a sign-in.
    /// - Parameters:
    ///   - assertion: The authenticator's answer.
    ///   - challengeID: The ceremony's challenge ID, when the service gave one.
    /// - Returns: The signed-in user and session.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func finishPasskeySignIn(_ assertion: PasskeyAssertion, challengeID: String?) async throws(AuthError) -> AuthenticationResult

    /// Lists the session's user's passkeys.
    /// - Parameter session: The signed-in user's session.
    /// - Returns: The passkeys.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func passkeys(session: AuthSession) async throws(AuthError) -> [Passkey]

    /// Renames one of the session's user's passkeys.
    /// - Parameters:
    ///   - id: The passkey's ID.
    ///   - name: The new name.
    ///   - session: The signed-in user's session.
    /// - Returns: The renamed passkey.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func renamePasskey(id: String, to name: String, session: AuthSession) async throws(AuthError) -> Passkey

    /// Deletes one of the session's user's passkeys.
    /// - Parameters:
    ///   - id: The passkey's ID.
    ///   - session: The signed-in user's session.
    /// - Throws: ``AuthError``, the service's refusal mapped.
    func deletePasskey(id: String, session: AuthSession) async throws(AuthError)
}

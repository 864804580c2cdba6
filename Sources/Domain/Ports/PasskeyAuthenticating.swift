/// Creates passkeys and signs with them: `ASAuthorizationPlatformPublicKeyCredentialProvider` on a
/// device, the software authenticator in `login` and tests.
public protocol PasskeyAuthenticating: Sendable {
    /// Creates a passkey for the relying party and user in `options`.
    /// - Parameter options: What the relying party asked for.
    /// - Returns: The attestation to send to the backend.
    /// - Throws: ``AuthError``: `cancelled`, `authorizationFailed`, `providerUnavailable`.
    func createPasskey(_ options: PasskeyCreationOptions) async throws(AuthError) -> PasskeyAttestation

    /// Signs the challenge with one of the relying party's passkeys, chosen by the authenticator
    /// (discoverable: no username).
    /// - Parameter options: What the relying party asked for.
    /// - Returns: The assertion to send to the backend.
    /// - Throws: ``AuthError``: `cancelled` (also when no passkey exists), `authorizationFailed`.
    func assertPasskey(_ options: PasskeyRequestOptions) async throws(AuthError) -> PasskeyAssertion
}

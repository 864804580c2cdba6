import AuthWebAuthn

/// A credential the relying party stores after a verified registration (GoTrue's
/// `webauthn_credentials` row: credential ID, public key, sign count, AAGUID, attestation type).
public struct RegisteredCredential: Sendable, Hashable {
    /// The credential ID.
    public var credentialID: [UInt8]
    /// The COSE_Key, CBOR-encoded.
    public var publicKey: [UInt8]
    /// The counter last seen.
    public var signCount: UInt32
    /// The authenticator model.
    public var aaguid: [UInt8]
    /// The attestation format the registration used.
    public var attestationFormat: String
    /// The flags at registration.
    public var flags: AuthenticatorFlags

    /// Makes a stored credential.
    /// - Parameters:
    ///   - credentialID: The credential ID.
    ///   - publicKey: The CBOR COSE_Key.
    ///   - signCount: The counter.
    ///   - aaguid: The AAGUID.
    ///   - attestationFormat: The attestation format.
    ///   - flags: The flags at registration.
    public init(
        credentialID: [UInt8], publicKey: [UInt8], signCount: UInt32, aaguid: [UInt8], attestationFormat: String, flags: AuthenticatorFlags
    ) {
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.signCount = signCount
        self.aaguid = aaguid
        self.attestationFormat = attestationFormat
        self.flags = flags
    }
}

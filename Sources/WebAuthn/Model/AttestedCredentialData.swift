/// Attested credential data (WebAuthn Level 3 section 6.5.1): the new credential's authenticator
/// model, ID and public key.
public struct AttestedCredentialData: Sendable {
    /// The authenticator model's AAGUID (16 bytes; zeros for `none` and software authenticators).
    public var aaguid: [UInt8]
    /// The credential ID (at most 1023 bytes).
    public var credentialID: [UInt8]
    /// The credential public key as its COSE_Key map.
    public var publicKeyCBOR: CBORValue
    /// The credential public key, read strictly.
    public var publicKey: COSEKey

    /// Makes attested credential data.
    /// - Parameters:
    ///   - aaguid: The 16-byte AAGUID.
    ///   - credentialID: The credential ID.
    ///   - publicKey: The credential public key.
    public init(aaguid: [UInt8], credentialID: [UInt8], publicKey: COSEKey) {
        self.aaguid = aaguid
        self.credentialID = credentialID
        self.publicKeyCBOR = publicKey.cbor
        self.publicKey = publicKey
    }

    init(aaguid: [UInt8], credentialID: [UInt8], publicKeyCBOR: CBORValue) throws(WebAuthnFormatError) {
        self.aaguid = aaguid
        self.credentialID = credentialID
        self.publicKeyCBOR = publicKeyCBOR
        do { publicKey = try COSEKey(cbor: publicKeyCBOR) } catch { throw .coseKey(error) }
    }
}

/// What a client returns from `navigator.credentials.create()` (WebAuthn Level 3 section 5.2.1).
public struct RegistrationCredential: Sendable, Hashable {
    /// The new credential's ID.
    public var credentialID: [UInt8]
    /// The client data the attestation covers.
    public var clientDataJSON: [UInt8]
    /// The CBOR attestation object.
    public var attestationObject: [UInt8]

    /// Makes a response.
    /// - Parameters:
    ///   - credentialID: The credential ID (`rawId`).
    ///   - clientDataJSON: The client data.
    ///   - attestationObject: The attestation object.
    public init(credentialID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8]) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
    }
}

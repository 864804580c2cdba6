import Foundation

/// A new passkey as the authenticator returned it (an `AuthenticatorAttestationResponse`).
public struct PasskeyAttestation: Hashable, Sendable {
    /// The credential's ID.
    public var credentialID: Data
    /// The client data JSON the attestation covers (type, challenge, origin).
    public var clientDataJSON: Data
    /// The CBOR attestation object (format, statement, authenticator data with the public key).
    public var attestationObject: Data

    /// Creates an attestation.
    /// - Parameters:
    ///   - credentialID: The credential ID.
    ///   - clientDataJSON: The client data JSON.
    ///   - attestationObject: The attestation object.
    public init(credentialID: Data, clientDataJSON: Data, attestationObject: Data) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
    }
}

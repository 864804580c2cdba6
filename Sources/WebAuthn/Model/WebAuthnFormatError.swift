/// Why bytes from an authenticator or a client are not well-formed WebAuthn structures.
public enum WebAuthnFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The CBOR under it was refused.
    case cbor(CBORError)
    /// The credential public key was refused.
    case coseKey(COSEKeyError)
    /// Authenticator data is shorter than its 37 fixed bytes or than what its flags announce.
    case truncatedAuthenticatorData
    /// Bytes after what the flags announce.
    case trailingAuthenticatorData
    /// A credential ID longer than 1023 bytes (WebAuthn Level 3 section 6.5.1).
    case credentialIDTooLong(Int)
    /// Extension data that is not a CBOR map.
    case invalidExtensions
    /// The attestation object is not a map with text `fmt`, map `attStmt` and bytes `authData`.
    case invalidAttestationObject(String)
    /// `clientDataJSON` is not a JSON object with text `type`, `challenge` and `origin`.
    case invalidClientData(String)

    /// What was wrong, for developers; never any key, signature or challenge bytes.
    public var description: String {
        switch self {
        case .cbor(let error): error.description
        case .coseKey(let error): error.description
        case .truncatedAuthenticatorData: "authenticator data is truncated"
        case .trailingAuthenticatorData: "authenticator data has bytes after its last part"
        case .credentialIDTooLong(let length): "credential ID has \(length) bytes; at most 1023 are allowed"
        case .invalidExtensions: "authenticator extension data is not a CBOR map"
        case .invalidAttestationObject(let why): "attestation object: \(why)"
        case .invalidClientData(let why): "clientDataJSON: \(why)"
        }
    }
}

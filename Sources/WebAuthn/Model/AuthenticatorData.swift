/// Authenticator data (WebAuthn Level 3 section 6.1): RP ID hash, flags, signature counter, and,
/// as the flags announce, attested credential data and extensions. Read strictly: nothing may
/// follow what the flags announce.
public struct AuthenticatorData: Sendable {
    /// SHA-256 of the RP ID the authenticator scoped the credential to.
    public var rpIDHash: [UInt8]
    /// The flags.
    public var flags: AuthenticatorFlags
    /// The signature counter (0 when the authenticator does not count).
    public var signCount: UInt32
    /// Present when ``AuthenticatorFlags/attestedCredentialData`` is set.
    public var attestedCredentialData: AttestedCredentialData?
    /// Present when ``AuthenticatorFlags/extensionData`` is set: a CBOR map.
    public var extensions: CBORValue?
    /// The bytes as received (signatures cover them).
    public var raw: [UInt8]

    /// Reads authenticator data.
    /// - Parameter bytes: The bytes.
    /// - Throws: ``WebAuthnFormatError``.
    public init(bytes: [UInt8]) throws(WebAuthnFormatError) {
        guard bytes.count >= 37 else { throw .truncatedAuthenticatorData }
        raw = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = AuthenticatorFlags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var offset = 37
        let decoder = CBORDecoder(rules: .webAuthn)
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= offset + 18 else { throw .truncatedAuthenticatorData }
            let aaguid = Array(bytes[offset..<offset + 16])
            let idLength = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard idLength <= 1023 else { throw .credentialIDTooLong(idLength) }
            guard bytes.count >= offset + idLength else { throw .truncatedAuthenticatorData }
            let credentialID = Array(bytes[offset..<offset + idLength])
            offset += idLength
            let key: CBORValue
            do { (key, offset) = try decoder.decodePrefix(bytes, from: offset) } catch { throw .cbor(error) }
            attestedCredentialData = try AttestedCredentialData(aaguid: aaguid, credentialID: credentialID, publicKeyCBOR: key)
        }
        if flags.contains(.extensionData) {
            let value: CBORValue
            do { (value, offset) = try decoder.decodePrefix(bytes, from: offset) } catch { throw .cbor(error) }
            guard value.mapValue != nil else { throw .invalidExtensions }
            extensions = value
        }
        guard offset == bytes.count else { throw .trailingAuthenticatorData }
    }

    /// Writes authenticator data, as an authenticator does.
    /// - Parameters:
    ///   - rpIDHash: SHA-256 of the RP ID.
    ///   - flags: The flags; AT is set here when `attestedCredentialData` is given.
    ///   - signCount: The counter.
    ///   - attestedCredentialData: The new credential, for a registration.
    /// - Returns: The bytes.
    public static func encode(
        rpIDHash: [UInt8], flags: AuthenticatorFlags, signCount: UInt32, attestedCredentialData: AttestedCredentialData?
    ) -> [UInt8] {
        var flags = flags
        if attestedCredentialData != nil { flags.insert(.attestedCredentialData) } else { flags.remove(.attestedCredentialData) }
        flags.remove(.extensionData)
        var out = rpIDHash + [flags.rawValue]
        out += (0..<4).reversed().map { UInt8(truncatingIfNeeded: signCount >> (8 * $0)) }
        if let credential = attestedCredentialData {
            out += credential.aaguid
            out += [UInt8(credential.credentialID.count >> 8), UInt8(truncatingIfNeeded: credential.credentialID.count)]
            out += credential.credentialID
            out += CBOREncoder.encode(credential.publicKeyCBOR)
        }
        return out
    }
}

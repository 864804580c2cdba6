/// An attestation object (WebAuthn Level 3 section 6.5.4): a CBOR map of `fmt`, `attStmt` and
/// `authData`, read with ``CBORRules/webAuthn``.
public struct AttestationObject: Sendable {
    /// The attestation statement format (`none`, `packed`, ...).
    public var format: String
    /// The attestation statement, a CBOR map.
    public var statement: CBORValue
    /// The authenticator data.
    public var authenticatorData: AuthenticatorData

    /// Reads an attestation object.
    /// - Parameter bytes: Its CBOR encoding.
    /// - Throws: ``WebAuthnFormatError``.
    public init(bytes: [UInt8]) throws(WebAuthnFormatError) {
        let value: CBORValue
        do { value = try CBORDecoder(rules: .webAuthn).decode(bytes) } catch { throw .cbor(error) }
        guard value.mapValue != nil else { throw .invalidAttestationObject("not a map") }
        guard let format = value[.text("fmt")]?.textValue else { throw .invalidAttestationObject("fmt is not text") }
        guard let statement = value[.text("attStmt")], statement.mapValue != nil else {
            throw .invalidAttestationObject("attStmt is not a map")
        }
        guard let authData = value[.text("authData")]?.bytesValue else { throw .invalidAttestationObject("authData is not bytes") }
        self.format = format
        self.statement = statement
        authenticatorData = try AuthenticatorData(bytes: authData)
    }

    /// Writes an attestation object, as an authenticator does.
    /// - Parameters:
    ///   - format: The format.
    ///   - statement: The statement map.
    ///   - authenticatorData: The authenticator data bytes.
    /// - Returns: The CBOR bytes.
    public static func encode(format: String, statement: CBORValue, authenticatorData: [UInt8]) -> [UInt8] {
        CBOREncoder.encode(
            .map([
                CBORMapEntry(.text("fmt"), .text(format)),
                CBORMapEntry(.text("attStmt"), statement),
                CBORMapEntry(.text("authData"), .bytes(authenticatorData)),
            ]))
    }
}

import AuthWebAuthn
import Crypto
import Testing

/// Authenticator data and attestation objects read strictly. Sources: WebAuthn Level 3 sections
/// 6.1 (layout, flags), 6.5.1 (attested credential data; credential IDs of at most 1023 bytes),
/// 6.5.4 (attestation object: `fmt`, `attStmt`, `authData`).
@Suite("WebAuthn authenticator data")
struct AuthenticatorDataTests {
    static let key = try! COSEKey(cbor: CBORDecoder(rules: .webAuthn).decode(COSEKeyTests.specExample))
    static let rpIDHash = Array(SHA256.hash(data: Array("example.com".utf8)))

    static func registration(credentialID: [UInt8] = [7, 7, 7]) -> [UInt8] {
        AuthenticatorData.encode(
            rpIDHash: rpIDHash, flags: [.userPresent, .userVerified], signCount: 0x0102_0304,
            attestedCredentialData: AttestedCredentialData(
                aaguid: Array(repeating: 0xAA, count: 16), credentialID: credentialID,
                publicKey: key))
    }

    static func refusal(_ bytes: [UInt8]) -> WebAuthnFormatError? {
        do {
            _ = try AuthenticatorData(bytes: bytes)
            return nil
        } catch { return error }
    }

    @Test("a registration's authenticator data reads back field by field")
    func roundTrip() throws {
        let data = try AuthenticatorData(bytes: Self.registration())
        #expect(data.rpIDHash == Self.rpIDHash)
        #expect(data.flags == [.userPresent, .userVerified, .attestedCredentialData])
        #expect(data.signCount == 0x0102_0304)
        #expect(data.attestedCredentialData?.aaguid == Array(repeating: 0xAA, count: 16))
        #expect(data.attestedCredentialData?.credentialID == [7, 7, 7])
        #expect(CBOREncoder.encode(data.attestedCredentialData!.publicKeyCBOR) == COSEKeyTests.specExample)
    }

    @Test("truncated, trailing, over-long credential IDs and non-map extensions are refused")
    func refusals() throws {
        let registration = Self.registration()
        #expect(Self.refusal(Array(registration.prefix(36))) == .truncatedAuthenticatorData)
        #expect(Self.refusal(Array(registration.prefix(40))) == .truncatedAuthenticatorData)
        #expect(Self.refusal(Array(registration.prefix(60))) == .cbor(CBORError(.lengthExceedsInput, at: 58)))
        #expect(Self.refusal(registration + [0]) == .trailingAuthenticatorData)
        #expect(Self.refusal(Self.registration(credentialID: Array(repeating: 1, count: 1024))) == .credentialIDTooLong(1024))
        #expect(Self.refusal(Self.registration(credentialID: Array(repeating: 1, count: 1023))) == nil)
        var extensions = registration
        extensions[32] |= 0x80
        #expect(Self.refusal(extensions) == .cbor(CBORError(.truncated, at: registration.count)))
        #expect(Self.refusal(extensions + [0x01]) == .invalidExtensions)
        let withExtensions = try AuthenticatorData(bytes: extensions + [0xA1, 0x61, 0x78, 0x01])
        #expect(withExtensions.extensions?[.text("x")] == .int(1))
        // The COSE key inside is read with WebAuthn's CBOR rules: a duplicate label is refused.
        var duplicate = Array(registration.prefix(37 + 18 + 3))
        duplicate += [0xA2, 0x01, 0x02, 0x01, 0x02]
        #expect(Self.refusal(duplicate) == .cbor(CBORError(.duplicateMapKey, at: 37 + 18 + 3 + 3)))
    }

    @Test("an attestation object needs text fmt, map attStmt and bytes authData")
    func attestationObject() throws {
        let authData = Self.registration()
        let object = try AttestationObject(
            bytes: AttestationObject.encode(
                format: "none", statement: .map([]),
                authenticatorData: authData))
        #expect(object.format == "none")
        #expect(object.authenticatorData.raw == authData)
        func refusal(_ value: CBORValue) -> WebAuthnFormatError? {
            do {
                _ = try AttestationObject(bytes: CBOREncoder.encode(value))
                return nil
            } catch { return error }
        }
        #expect(refusal(.array([])) == .invalidAttestationObject("not a map"))
        #expect(refusal(.map([CBORMapEntry(.text("fmt"), .int(1))])) == .invalidAttestationObject("fmt is not text"))
        #expect(
            refusal(.map([CBORMapEntry(.text("fmt"), .text("none")), CBORMapEntry(.text("attStmt"), .array([]))]))
                == .invalidAttestationObject("attStmt is not a map"))
        #expect(
            refusal(
                .map([
                    CBORMapEntry(.text("fmt"), .text("none")), CBORMapEntry(.text("attStmt"), .map([])),
                    CBORMapEntry(.text("authData"), .text("x")),
                ])) == .invalidAttestationObject("authData is not bytes"))
    }

    @Test("clientDataJSON: members typed, duplicates refused, size bounded")
    func clientData() throws {
        let data = CollectedClientData(type: "webauthn.get", challenge: "AAEC", origin: "https://example.com", crossOrigin: false)
        #expect(try CollectedClientData(json: data.json) == data)
        #expect(String(decoding: data.json, as: UTF8.self).hasPrefix(#"{"type":"webauthn.get","challenge":"AAEC""#))
        #expect(throws: WebAuthnFormatError.self) { try CollectedClientData(json: Array(#"{"type":1,"challenge":"","origin":""}"#.utf8)) }
        #expect(throws: WebAuthnFormatError.self) {
            try CollectedClientData(json: Array(#"{"type":"a","challenge":"","origin":"","crossOrigin":"yes"}"#.utf8))
        }
        #expect(throws: WebAuthnFormatError.self) { try CollectedClientData(json: Array(repeating: 0x20, count: 16 * 1024 + 1)) }
    }
}

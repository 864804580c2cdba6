import AuthWebAuthn
import Crypto
import CryptoExtras
import Testing

/// COSE keys read strictly into swift-crypto keys. Sources: RFC 9053 section 7.1 (EC2), RFC 8230
/// section 4 (RSA), WebAuthn Level 3 sections 5.8.5 (`alg` required) and 6.5.5 (ES256 signatures
/// are DER; RS256 is PKCS #1 v1.5).
@Suite("COSE keys")
struct COSEKeyTests {
    /// WebAuthn Level 3 section 6.5.1.1, "Examples of credentialPublicKey Values Encoded in COSE_Key
    /// Format": the ES256 example, which is the P-256 key of RFC 8152 Appendix C.7.
    static let specExample = hex(
        """
        a5 01 02 03 26 20 01
        21 58 20 65eda5a12577c2bae829437fe338701a10aaa375e1bb5b5de108de439c08551d
        22 58 20 1e52ed75701163f7f9e40ddf9f341b3dc9ba860af7e0ca7ca7e9eecd0084d19c
        """)
    /// The private scalar of that key, published in RFC 8152 Appendix C.7.2.
    static let specPrivateScalar = hex("aff907c99f9ad3aae6c4cdf21122bce2bd68b5283e6907154ad911840fa208cf")

    static func parse(_ bytes: [UInt8]) throws -> COSEKey {
        try COSEKey(cbor: try CBORDecoder(rules: .webAuthn).decode(bytes))
    }

    static func refusal(_ entries: [CBORMapEntry]) -> COSEKeyError? {
        do {
            _ = try COSEKey(cbor: .map(entries))
            return nil
        } catch { return error }
    }

    static func ec2(alg: Int64 = -7, crv: Int64 = 1, x: [UInt8]? = nil, extra: [CBORMapEntry] = []) -> [CBORMapEntry] {
        let key = try! parse(specExample).cbor
        var entries = key.mapValue!.filter { ![CBORValue.int(3), .int(-1)].contains($0.key) }
        entries += [CBORMapEntry(.int(3), .int(alg)), CBORMapEntry(.int(-1), .int(crv))] + extra
        if let x { entries = entries.map { $0.key == .int(-2) ? CBORMapEntry(.int(-2), .bytes(x)) : $0 } }
        return entries
    }

    @Test("the WebAuthn spec's ES256 example reads, and verifies a DER signature by its RFC 8152 private key")
    func specExampleVerifies() throws {
        let key = try Self.parse(Self.specExample)
        #expect(key.algorithm == .es256)
        let signer = try P256.Signing.PrivateKey(rawRepresentation: Self.specPrivateScalar)
        let message = Array("authenticatorData || clientDataHash".utf8)
        let signature = try signer.signature(for: message)
        try key.verify(signature: Array(signature.derRepresentation), over: message)
        // Raw r||s is not what WebAuthn carries for ES256.
        #expect(throws: COSEKeyError.badSignature) { try key.verify(signature: Array(signature.rawRepresentation), over: message) }
        #expect(throws: COSEKeyError.badSignature) { try key.verify(signature: Array(signature.derRepresentation), over: message + [0]) }
        #expect(CBOREncoder.encode(key.cbor) == Self.specExample)
    }

    @Test("an RS256 key reads and verifies PKCS #1 v1.5 signatures; below 2048 bits it is refused")
    func rsa() throws {
        let signer = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let key = try COSEKey(cbor: try CBORDecoder(rules: .webAuthn).decode(CBOREncoder.encode(try COSEKey(rsa: signer.publicKey).cbor)))
        #expect(key.algorithm == .rs256)
        let message = Array("signed".utf8)
        let signature = try signer.signature(for: message, padding: .insecurePKCS1v1_5)
        try key.verify(signature: Array(signature.rawRepresentation), over: message)
        #expect(throws: COSEKeyError.badSignature) { try key.verify(signature: Array(signature.rawRepresentation), over: [1]) }
        let pss = try signer.signature(for: message, padding: .PSS)
        #expect(throws: COSEKeyError.badSignature) { try key.verify(signature: Array(pss.rawRepresentation), over: message) }

        let weak = try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
        let primitives = try weak.publicKey.getKeyPrimitives()
        #expect(
            Self.refusal([
                CBORMapEntry(.int(1), .int(3)), CBORMapEntry(.int(3), .int(-257)),
                CBORMapEntry(.int(-1), .bytes(Array(primitives.modulus))), CBORMapEntry(.int(-2), .bytes(Array(primitives.publicExponent))),
            ]) == .weakKey(bits: 1024))
    }

    @Test("refusals: key type, algorithm, curve, coordinates, private parts, off-curve points")
    func refusals() {
        #expect(Self.refusal(Self.ec2()) == nil)
        #expect(Self.refusal(Self.ec2(alg: -257)) == .unsupportedAlgorithm(-257))
        #expect(Self.refusal(Self.ec2(alg: -35)) == .unsupportedAlgorithm(-35))
        #expect(Self.refusal(Self.ec2().filter { $0.key != .int(3) }) == .unsupportedAlgorithm(nil))
        #expect(Self.refusal(Self.ec2(crv: 2)) == .unsupportedCurve(2))
        #expect(Self.refusal(Self.ec2(x: [UInt8](repeating: 1, count: 31))) == .invalidParameter("x"))
        #expect(Self.refusal(Self.ec2(x: [UInt8](repeating: 0, count: 32))) == .invalidKey("point is not on P-256"))
        #expect(Self.refusal(Self.ec2(extra: [CBORMapEntry(.int(-4), .bytes(Self.specPrivateScalar))])) == .privateKeyMaterial)
        #expect(Self.refusal(Self.ec2().map { $0.key == .int(1) ? CBORMapEntry(.int(1), .int(1)) : $0 }) == .unsupportedKeyType(1))
        #expect(Self.refusal(Self.ec2().map { $0.key == .int(1) ? CBORMapEntry(.int(1), .int(3)) : $0 }) == .unsupportedAlgorithm(-7))
        #expect(throws: COSEKeyError.notAMap) { try COSEKey(cbor: .array([])) }
    }

    @Test("descriptions carry no key bytes")
    func descriptions() {
        #expect(COSEKeyError.unsupportedAlgorithm(-257).description == "COSE algorithm -257 is not ES256 (-7) or RS256 (-257)")
        #expect(COSEKeyError.weakKey(bits: 1024).description.contains("2048"))
    }
}

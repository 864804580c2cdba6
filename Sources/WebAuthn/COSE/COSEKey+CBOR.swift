import Crypto
import CryptoExtras
import Foundation

extension COSEKey {
    /// Reads a COSE_Key map. Labels: `kty` 1, `alg` 3; EC2 `crv` -1, `x` -2, `y` -3 (RFC 9053
    /// section 7.1.1); RSA `n` -1, `e` -2 (RFC 8230 section 4). WebAuthn Level 3 section 5.8.5
    /// requires `alg`; unknown labels are ignored, private parameters refused.
    /// - Parameter cbor: The decoded map.
    /// - Throws: ``COSEKeyError``.
    public init(cbor: CBORValue) throws(COSEKeyError) {
        guard cbor.mapValue != nil else { throw .notAMap }
        let kty = cbor[.int(1)]?.intValue
        let alg = cbor[.int(3)]?.intValue
        switch kty {
        case 2:
            guard alg == COSEAlgorithm.es256.rawValue else { throw .unsupportedAlgorithm(alg) }
            guard cbor[.int(-4)] == nil else { throw .privateKeyMaterial }
            let crv = cbor[.int(-1)]?.intValue
            guard crv == 1 else { throw .unsupportedCurve(crv) }
            let x = try Self.parameter(cbor, -2, "x", length: 32)
            let y = try Self.parameter(cbor, -3, "y", length: 32)
            guard let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y) else {
                throw .invalidKey("point is not on P-256")
            }
            self.init(p256: key)
        case 3:
            guard alg == COSEAlgorithm.rs256.rawValue else { throw .unsupportedAlgorithm(alg) }
            guard (-8 ... -3).allSatisfy({ cbor[.int($0)] == nil }) else { throw .privateKeyMaterial }
            let n = try Self.parameter(cbor, -1, "n", length: nil)
            let e = try Self.parameter(cbor, -2, "e", length: nil)
            // RFC 8230 section 4: n and e are unsigned big-endian without leading zero bytes.
            guard n.first != 0, e.first != 0 else { throw .invalidParameter("n or e with a leading zero") }
            guard n.count >= 256 else { throw .weakKey(bits: n.count * 8) }
            let key: _RSA.Signing.PublicKey
            do { key = try _RSA.Signing.PublicKey(n: n, e: e) } catch { throw .invalidKey("unusable modulus or exponent") }
            try self.init(rsa: key)
        default:
            throw .unsupportedKeyType(kty)
        }
    }

    /// The COSE_Key map of this key, as an authenticator writes it in attested credential data.
    public var cbor: CBORValue {
        if let key = p256PublicKey {
            let point = Array(key.x963Representation)
            return .map([
                CBORMapEntry(.int(1), .int(2)), CBORMapEntry(.int(3), .int(algorithm.rawValue)),
                CBORMapEntry(.int(-1), .int(1)),
                CBORMapEntry(.int(-2), .bytes(Array(point[1...32]))), CBORMapEntry(.int(-3), .bytes(Array(point[33...64]))),
            ])
        }
        let primitives = try? rsaPublicKey?.getKeyPrimitives()
        return .map([
            CBORMapEntry(.int(1), .int(3)), CBORMapEntry(.int(3), .int(algorithm.rawValue)),
            CBORMapEntry(.int(-1), .bytes(Array((primitives?.modulus ?? Data()).drop { $0 == 0 }))),
            CBORMapEntry(.int(-2), .bytes(Array((primitives?.publicExponent ?? Data()).drop { $0 == 0 }))),
        ])
    }

    private static func parameter(_ cbor: CBORValue, _ label: Int64, _ name: String, length: Int?) throws(COSEKeyError) -> [UInt8] {
        guard let bytes = cbor[.int(label)]?.bytesValue, !bytes.isEmpty, length.map({ $0 == bytes.count }) ?? true else {
            throw .invalidParameter(name)
        }
        return bytes
    }
}

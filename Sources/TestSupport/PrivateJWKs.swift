import AuthJWT
import Crypto
import CryptoExtras
import Foundation

/// Private JWKs made from freshly generated keys, as a GoTrue project's `GOTRUE_JWT_KEYS` holds
/// them (RFC 7518 section 6: RSA `n`, `e`, `d`, `p`, `q`, `dp`, `dq`, `qi`; EC `crv`, `x`, `y`,
/// `d`; `oct` `k`).
public enum PrivateJWKs {
    /// An RSA private JWK for RS256.
    /// - Parameters:
    ///   - key: The key (its PKCS #1 DER gives the private fields).
    ///   - kid: The key id.
    ///   - ops: `key_ops`.
    /// - Returns: The JWK.
    public static func rsa(_ key: _RSA.Signing.PrivateKey, kid: String, ops: [String]) -> JSONObject {
        // RSAPrivateKey ::= SEQUENCE { version, n, e, d, p, q, dp, dq, qi } (RFC 8017 A.1.2).
        let integers = derIntegers(Array(key.derRepresentation))
        let names = ["n", "e", "d", "p", "q", "dp", "dq", "qi"]
        var jwk: JSONObject = ["kty": .string("RSA"), "alg": .string("RS256"), "kid": .string(kid)]
        for (name, value) in zip(names, integers.dropFirst()) { jwk[name] = .string(Base64URL.encode(value)) }
        jwk["key_ops"] = .array(ops.map(JSONValue.string))
        return jwk
    }

    /// A P-256 private JWK for ES256.
    /// - Parameters:
    ///   - key: The key.
    ///   - kid: The key id.
    ///   - ops: `key_ops`.
    /// - Returns: The JWK.
    public static func ec(_ key: P256.Signing.PrivateKey, kid: String, ops: [String]) -> JSONObject {
        let raw = Array(key.publicKey.rawRepresentation)
        return [
            "kty": .string("EC"), "crv": .string("P-256"), "alg": .string("ES256"), "kid": .string(kid),
            "x": .string(Base64URL.encode(raw[0..<32])), "y": .string(Base64URL.encode(raw[32..<64])),
            "d": .string(Base64URL.encode(key.rawRepresentation)), "key_ops": .array(ops.map(JSONValue.string)),
        ]
    }

    /// An `oct` JWK for HS256.
    /// - Parameters:
    ///   - secret: The secret bytes.
    ///   - kid: The key id.
    ///   - ops: `key_ops`.
    /// - Returns: The JWK.
    public static func oct(_ secret: [UInt8], kid: String, ops: [String]) -> JSONObject {
        [
            "kty": .string("oct"), "alg": .string("HS256"), "kid": .string(kid), "k": .string(Base64URL.encode(secret)),
            "key_ops": .array(ops.map(JSONValue.string)),
        ]
    }

    /// The JSON array of keys, as the variable's value.
    /// - Parameter keys: The JWKs.
    /// - Returns: The text.
    public static func variable(_ keys: [JSONObject]) -> String {
        JSONValue.array(keys.map(JSONValue.object)).jsonString
    }

    /// The INTEGERs of a DER SEQUENCE, without their sign bytes.
    private static func derIntegers(_ der: [UInt8]) -> [[UInt8]] {
        var index = 0
        func length() -> Int {
            let first = Int(der[index])
            index += 1
            guard first & 0x80 != 0 else { return first }
            var value = 0
            for _ in 0..<(first & 0x7f) {
                value = value << 8 | Int(der[index])
                index += 1
            }
            return value
        }
        guard der.first == 0x30 else { return [] }
        index = 1
        _ = length()
        var integers: [[UInt8]] = []
        while index < der.count, der[index] == 0x02 {
            index += 1
            let count = length()
            integers.append(Array(der[index..<index + count].drop(while: { $0 == 0 })))
            index += count
        }
        return integers
    }
}

import AuthJWT
import Crypto
import CryptoExtras
import Foundation

/// `GOTRUE_JWT_KEYS` read as GoTrue reads it (`JwtKeysDecoder`, internal/conf/jwk.go): a JSON
/// array of private JWKs, each kept under its `kid`; the one whose `key_ops` has `sign` signs
/// access tokens (exactly one must), the others only verify.
///
/// Modelled key types: `RSA` with `alg` `RS256` (`n`, `e`, `d`, `p`, `q`), `EC` P-256 with `alg`
/// `ES256` (`d`, `x`, `y`), and `oct` with `alg` `HS256` (`k`, base64url). Stricter than GoTrue,
/// which accepts what lestrrat-go/jwx parses: every key needs a `kid` (GoTrue finds
/// verification keys by `kid`, so a key without one could not verify its own tokens) and an
/// `alg` (GoTrue signs with HS256 when `alg` is missing, whatever the key).
///
/// ```swift
/// let keys = try GoTrueJWTKeys(parsing: environment["GOTRUE_JWT_KEYS"]!)
/// let token = try keys.signing.sign(claims)   // carries the signing key's kid
/// ```
public struct GoTrueJWTKeys: Sendable {
    /// A value GoTrue would refuse, or that this emulator does not model.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong (no key material is repeated).
        public let reason: String

        /// Creates a failure.
        /// - Parameter reason: What is wrong.
        public init(reason: String) { self.reason = reason }

        public var description: String { reason }
    }

    /// One key of the array.
    public struct Entry: Sendable {
        /// The key's `kid`.
        public let keyID: String
        /// The key, carrying its `kid`.
        public let key: JWTSigningKey
        /// Whether its `key_ops` has `sign`.
        public let signs: Bool
    }

    /// The longest value read, in bytes, and the most keys.
    public static let maxBytes = 64 * 1024
    public static let maxKeys = 16

    /// The keys, in the order given.
    public let entries: [Entry]

    /// The signing key (the one entry whose `key_ops` has `sign`).
    public let signing: JWTSigningKey

    /// Parses the variable's value.
    /// - Parameter text: The JSON array.
    /// - Throws: ``Failure`` naming what is wrong: not a JSON array of objects, an unsupported or
    ///   incomplete key, a repeated `kid`, no signing key or more than one (GoTrue's "no signing
    ///   key detected", "multiple signing keys detected, only 1 signing key is supported").
    public init(parsing text: String) throws(Failure) {
        guard text.utf8.count <= Self.maxBytes else { throw Failure(reason: "longer than \(Self.maxBytes) bytes") }
        let parsed: JSONValue
        do { parsed = try StrictJSONParser.parse(Array(text.utf8), maxDepth: 4) } catch {
            throw Failure(reason: "not JSON: \(error.description)")
        }
        guard let array = parsed.arrayValue else { throw Failure(reason: "must be a JSON array of JWKs") }
        guard array.count <= Self.maxKeys else { throw Failure(reason: "takes at most \(Self.maxKeys) keys") }
        var entries: [Entry] = []
        for (index, value) in array.enumerated() {
            guard let jwk = value.objectValue else { throw Failure(reason: "key \(index) is not a JSON object") }
            let entry = try Self.entry(jwk, index: index)
            guard !entries.contains(where: { $0.keyID == entry.keyID }) else {
                throw Failure(reason: "kid \(entry.keyID) is given twice")
            }
            entries.append(entry)
        }
        let signers = entries.filter(\.signs)
        guard let signer = signers.first else { throw Failure(reason: "no signing key detected (one key's key_ops must have sign)") }
        guard signers.count == 1 else { throw Failure(reason: "multiple signing keys detected, only 1 signing key is supported") }
        self.entries = entries
        self.signing = signer.key
    }

    private static func entry(_ jwk: JSONObject, index: Int) throws(Failure) -> Entry {
        guard let kid = jwk["kid"]?.stringValue, !kid.isEmpty, kid.utf8.count <= 256 else {
            throw Failure(reason: "key \(index) needs a kid of 1 to 256 bytes")
        }
        let ops = jwk["key_ops"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if jwk["key_ops"] != nil, jwk["key_ops"]?.arrayValue == nil { throw Failure(reason: "key \(kid): key_ops must be an array") }
        let kty = jwk["kty"]?.stringValue ?? ""
        let alg = jwk["alg"]?.stringValue ?? ""
        let key: JWTSigningKey
        switch (kty, alg) {
        case ("RSA", "RS256"): key = try rsa(jwk, kid: kid)
        case ("EC", "ES256"): key = try ec(jwk, kid: kid)
        case ("oct", "HS256"):
            guard let secret = bytes(jwk, "k"), secret.count >= 16 else {
                throw Failure(reason: "key \(kid): k must be base64url of at least 16 bytes")
            }
            key = .hs256(secret: secret, keyID: kid)
        default:
            throw Failure(
                reason: "key \(kid): kty \(kty.isEmpty ? "(none)" : kty) with alg \(alg.isEmpty ? "(none)" : alg) "
                    + "is not modelled (RSA RS256, EC ES256 and oct HS256 are)")
        }
        return Entry(keyID: kid, key: key, signs: ops.contains("sign"))
    }

    private static func rsa(_ jwk: JSONObject, kid: String) throws(Failure) -> JWTSigningKey {
        guard let n = bytes(jwk, "n"), let e = bytes(jwk, "e"), let d = bytes(jwk, "d"), let p = bytes(jwk, "p"),
            let q = bytes(jwk, "q")
        else { throw Failure(reason: "key \(kid): an RSA private JWK needs n, e, d, p and q (base64url)") }
        guard n.drop(while: { $0 == 0 }).count >= 256 else { throw Failure(reason: "key \(kid): RSA keys take at least 2048 bits") }
        do { return .rs256(try _RSA.Signing.PrivateKey(n: n, e: e, d: d, p: p, q: q), keyID: kid) } catch {
            throw Failure(reason: "key \(kid): not a valid RSA private key")
        }
    }

    private static func ec(_ jwk: JSONObject, kid: String) throws(Failure) -> JWTSigningKey {
        guard jwk["crv"]?.stringValue == "P-256" else { throw Failure(reason: "key \(kid): ES256 takes crv P-256") }
        guard let d = bytes(jwk, "d"), let x = bytes(jwk, "x"), let y = bytes(jwk, "y"), x.count == 32, y.count == 32,
            let key = try? P256.Signing.PrivateKey(rawRepresentation: d)
        else { throw Failure(reason: "key \(kid): an EC private JWK needs d, x and y of 32 bytes (base64url)") }
        guard Array(key.publicKey.rawRepresentation) == x + y else {
            throw Failure(reason: "key \(kid): x and y are not the public key of d")
        }
        return .es256(key, keyID: kid)
    }

    private static func bytes(_ jwk: JSONObject, _ name: String) -> [UInt8]? {
        jwk[name]?.stringValue.flatMap(Base64URL.decode)
    }
}

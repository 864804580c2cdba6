import Crypto
import CryptoExtras
import Foundation

/// A key that signs and verifies JWTs issued by this package's own services (Supabase-like
/// access tokens, Firebase-like ID tokens, Apple `client_secret`s): HS256, RS256 or ES256.
public struct JWTSigningKey: Sendable {
    /// The key, held as `Sendable` values. CryptoKit's `SymmetricKey` and
    /// `P256.Signing.PrivateKey` are not `Sendable` in the iOS 16 and macOS 13 SDKs (swift-crypto
    /// marks them so on Linux), so those two are kept as their bytes and rebuilt for each use:
    /// a 32-byte copy for HMAC, one scalar multiplication for P-256.
    private enum Material: Sendable {
        /// The HMAC secret.
        case hmac([UInt8])
        case rsa(_RSA.Signing.PrivateKey)
        /// The P-256 private scalar (`rawRepresentation`).
        case ecdsa(Data)
    }

    private let material: Material
    /// The key id put in the header, if any.
    public let keyID: String?

    /// The JOSE algorithm name.
    public var algorithm: String {
        switch material {
        case .hmac: "HS256"
        case .rsa: "RS256"
        case .ecdsa: "ES256"
        }
    }

    /// An HMAC-SHA256 key (Supabase's default `GOTRUE_JWT_SECRET`).
    /// - Parameters:
    ///   - secret: The shared secret.
    ///   - keyID: An optional key id.
    /// - Returns: The key.
    public static func hs256(secret: [UInt8], keyID: String? = nil) -> JWTSigningKey {
        JWTSigningKey(material: .hmac(secret), keyID: keyID)
    }

    /// An RSA private key signing RS256.
    /// - Parameters:
    ///   - key: The private key.
    ///   - keyID: The key id.
    /// - Returns: The key.
    public static func rs256(_ key: _RSA.Signing.PrivateKey, keyID: String) -> JWTSigningKey {
        JWTSigningKey(material: .rsa(key), keyID: keyID)
    }

    /// A P-256 private key signing ES256 (raw R‖S signatures).
    /// - Parameters:
    ///   - key: The private key.
    ///   - keyID: The key id.
    /// - Returns: The key.
    public static func es256(_ key: P256.Signing.PrivateKey, keyID: String?) -> JWTSigningKey {
        JWTSigningKey(material: .ecdsa(key.rawRepresentation), keyID: keyID)
    }

    /// Signs claims into a compact JWS.
    /// - Parameters:
    ///   - claims: The payload.
    ///   - header: Extra header fields; `alg` and `kid` are set from the key, and `typ` is
    ///     `JWT` unless `header` says otherwise (set it to `null` to omit it).
    /// - Returns: The token.
    /// - Throws: `CryptoKitError` when signing fails.
    public func sign(_ claims: JSONObject, header: JSONObject = [:]) throws -> String {
        var fullHeader: JSONObject = ["alg": .string(algorithm)]
        if let keyID { fullHeader["kid"] = .string(keyID) }
        fullHeader["typ"] = .string("JWT")
        for entry in header { fullHeader[entry.key] = entry.value == .null ? nil : entry.value }
        let input = Base64URL.encode(fullHeader.serialized()) + "." + Base64URL.encode(claims.serialized())
        let signature = try signatureBytes(for: Array(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }

    private func signatureBytes(for input: [UInt8]) throws -> [UInt8] {
        switch material {
        case .hmac(let secret):
            return Array(HMAC<SHA256>.authenticationCode(for: input, using: SymmetricKey(data: secret)))
        case .rsa(let key):
            return Array(try key.signature(for: input, padding: .insecurePKCS1v1_5).rawRepresentation)
        case .ecdsa(let scalar):
            return Array(try P256.Signing.PrivateKey(rawRepresentation: scalar).signature(for: input).rawRepresentation)
        }
    }

    /// Checks that a parsed token was signed by this key with this key's algorithm.
    /// - Parameter jws: The parsed token.
    /// - Returns: Whether the header algorithm matches the key and the signature verifies.
    public func isValidSignature(of jws: CompactJWS) -> Bool {
        guard jws.algorithm == algorithm, jws.header["crit"] == nil else { return false }
        switch material {
        case .hmac(let secret):
            return HMAC<SHA256>.isValidAuthenticationCode(
                jws.signature, authenticating: jws.signingInput, using: SymmetricKey(data: secret))
        case .rsa(let key):
            return key.publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: jws.signature), for: jws.signingInput, padding: .insecurePKCS1v1_5)
        case .ecdsa(let scalar):
            guard let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar) else { return false }
            return ECDSAVerification.isValid(jws.signature, for: jws.signingInput, publicKey: key.publicKey)
        }
    }

    /// The public JWK, for RS256 and ES256 keys; `nil` for HMAC secrets, which are never
    /// published.
    public var publicJWK: JSONObject? {
        switch material {
        case .hmac:
            return nil
        case .rsa(let key):
            return try? RSAJWK(keyID: keyID ?? "", publicKey: key.publicKey).json
        case .ecdsa(let scalar):
            guard let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar) else { return nil }
            let raw = Array(key.publicKey.rawRepresentation)
            var jwk: JSONObject = [
                "kty": .string("EC"), "crv": .string("P-256"),
                "x": .string(Base64URL.encode(raw[0..<32])), "y": .string(Base64URL.encode(raw[32..<64])),
                "use": .string("sig"), "alg": .string("ES256"),
            ]
            if let keyID { jwk["kid"] = .string(keyID) }
            return jwk
        }
    }
}

/// ES256 verification with the checks RFC 7518 asks for: a 64-byte raw R‖S signature, neither
/// half zero (the "psychic signature" class of bug).
public enum ECDSAVerification {
    /// Verifies an ES256 signature.
    /// - Parameters:
    ///   - signature: The raw R‖S bytes.
    ///   - input: The signed bytes.
    ///   - publicKey: The P-256 public key.
    /// - Returns: Whether the signature is valid.
    public static func isValid(_ signature: [UInt8], for input: [UInt8], publicKey: P256.Signing.PublicKey) -> Bool {
        guard signature.count == 64,
            signature[0..<32].contains(where: { $0 != 0 }),
            signature[32..<64].contains(where: { $0 != 0 }),
            let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
        else { return false }
        return publicKey.isValidSignature(parsed, for: input)
    }
}

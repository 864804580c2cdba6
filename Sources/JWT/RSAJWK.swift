import CryptoExtras

/// An RSA public key from a JWKS, ready to verify RS256 signatures.
public struct RSAJWK: Sendable {
    /// The key id.
    public let keyID: String
    /// The verification key.
    public let publicKey: _RSA.Signing.PublicKey
    /// The JWK as published (`kty`, `kid`, `use`, `alg`, `n`, `e`).
    public let json: JSONObject

    /// Wraps a public key.
    /// - Parameters:
    ///   - keyID: The key id.
    ///   - publicKey: The key; at least 2048 bits.
    /// - Throws: ``IDTokenError/weakKey(_:)`` for a key under 2048 bits.
    public init(keyID: String, publicKey: _RSA.Signing.PublicKey) throws(IDTokenError) {
        guard publicKey.keySizeInBits >= 2048 else { throw .weakKey("RSA key \(keyID) has \(publicKey.keySizeInBits) bits") }
        guard let primitives = try? publicKey.getKeyPrimitives() else { throw .weakKey("RSA key \(keyID) is unreadable") }
        self.keyID = keyID
        self.publicKey = publicKey
        self.json = [
            "kty": .string("RSA"), "kid": .string(keyID), "use": .string("sig"), "alg": .string("RS256"),
            "n": .string(Base64URL.encode(Self.stripLeadingZeros(Array(primitives.modulus)))),
            "e": .string(Base64URL.encode(Self.stripLeadingZeros(Array(primitives.publicExponent)))),
        ]
    }

    /// Reads a JWK.
    /// - Parameter jwk: A JWK object with `kty` `RSA`, `kid`, `n`, `e` and, if present, `alg`
    ///   `RS256` and `use` `sig`.
    /// - Throws: ``IDTokenError/weakKey(_:)`` when the JWK is not a usable RS256 key.
    public init(jwk: JSONObject) throws(IDTokenError) {
        guard jwk["kty"]?.stringValue == "RSA" else { throw .weakKey("not an RSA key") }
        guard let kid = jwk["kid"]?.stringValue, !kid.isEmpty else { throw .weakKey("key without kid") }
        if let alg = jwk["alg"], alg.stringValue != "RS256" { throw .weakKey("key \(kid) is not for RS256") }
        if let use = jwk["use"], use.stringValue != "sig" { throw .weakKey("key \(kid) is not for signatures") }
        guard let n = jwk["n"]?.stringValue.flatMap(Base64URL.decode),
            let e = jwk["e"]?.stringValue.flatMap(Base64URL.decode)
        else { throw .weakKey("key \(kid) has no modulus or exponent") }
        let key: _RSA.Signing.PublicKey
        do {
            key = try _RSA.Signing.PublicKey(n: n, e: e)
        } catch {
            throw .weakKey("key \(kid) is under 2048 bits or invalid")
        }
        try self.init(keyID: kid, publicKey: key)
    }

    private static func stripLeadingZeros(_ bytes: [UInt8]) -> [UInt8] {
        let trimmed = bytes.drop(while: { $0 == 0 })
        return trimmed.isEmpty ? [0] : Array(trimmed)
    }
}

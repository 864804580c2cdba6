import AuthJWT
import AuthTestSupport
import CryptoExtras
import Testing

/// The forged-token matrix, key-set half: a published key the verifier must not use
/// (RSA under 2048 bits, CVE-2022-23539; degenerate exponents; wrong type or use) never becomes
/// a verification key, and a token naming it is refused.
@Suite("Forged tokens: unusable keys in the provider's key set")
struct ForgedTokenMatrixKeySetTests {
    private static let weakKeyID = "WEAK1024aa"

    /// A 1024-bit RSA key, generated once (immutable).
    private static let weakKey: _RSA.Signing.PrivateKey = {
        do { return try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)) } catch { fatalError("weak key: \(error)") }
    }()

    private func makeSUT() -> ForgedTokenFixture { ForgedTokenFixture() }

    /// The JWK of a key, with its fields as published.
    private func jwk(_ key: _RSA.Signing.PublicKey, keyID: String) throws -> JSONObject {
        let primitives = try key.getKeyPrimitives()
        return [
            "kty": .string("RSA"), "kid": .string(keyID), "use": .string("sig"), "alg": .string("RS256"),
            "n": .string(Base64URL.encode(Array(primitives.modulus))), "e": .string(Base64URL.encode(Array(primitives.publicExponent))),
        ]
    }

    private func keySet(_ keys: [JSONObject]) throws -> JWKSet {
        let document: JSONObject = ["keys": .array(keys.map(JSONValue.object))]
        return try JWKSet(jwksJSON: document.serialized())
    }

    @Test("a 1024-bit RSA key is refused as a JWK and as a public key")
    func weakKeyRefusedByRSAJWK() throws {
        let jwk = try jwk(Self.weakKey.publicKey, keyID: Self.weakKeyID)
        #expect(Self.weakKey.publicKey.keySizeInBits == 1024)
        #expect(throws: IDTokenError.weakKey("key \(Self.weakKeyID) is under 2048 bits or invalid")) { try RSAJWK(jwk: jwk) }
        #expect(throws: IDTokenError.weakKey("RSA key \(Self.weakKeyID) has 1024 bits")) {
            try RSAJWK(keyID: Self.weakKeyID, publicKey: Self.weakKey.publicKey)
        }
    }

    @Test("a JWKS with a 1024-bit key under the token's kid yields no key for it, and the token is refused")
    func weakKeyInKeySet() throws {
        let sut = makeSUT()
        let genuine = try jwk(ForgeryKeys.apple.publicKey, keyID: ForgedTokenFixture.appleKeyID)
        let keys = try keySet([try jwk(Self.weakKey.publicKey, keyID: Self.weakKeyID), genuine])
        #expect(keys.keyIDs == [ForgedTokenFixture.appleKeyID])
        #expect(keys.key(withID: Self.weakKeyID) == nil)
        #expect(keys.rejected.count == 1 && keys.rejected[0].contains(Self.weakKeyID))

        let token = TokenForge.rs256(header: sut.header(kid: Self.weakKeyID), claims: sut.claims(), key: Self.weakKey)
        #expect(sut.refusal(of: token, keys: keys) == .unknownKey(Self.weakKeyID))
        #expect(try sut.verify(sut.genuine(), keys: keys).keyID == ForgedTokenFixture.appleKeyID, "the usable key still works")
    }

    @Test("a 1024-bit key published under the genuine kid does not replace or shadow it")
    func weakKeyUnderGenuineKeyID() throws {
        let sut = makeSUT()
        let genuine = try jwk(ForgeryKeys.apple.publicKey, keyID: ForgedTokenFixture.appleKeyID)
        let keys = try keySet([genuine, try jwk(Self.weakKey.publicKey, keyID: ForgedTokenFixture.appleKeyID)])
        let forged = TokenForge.rs256(header: sut.header(), claims: sut.claims(), key: Self.weakKey)
        #expect(sut.refusal(of: forged, keys: keys) == .invalidSignature)
        #expect(try sut.verify(sut.genuine(), keys: keys).keyID == ForgedTokenFixture.appleKeyID)
    }

    /// A field of a genuine JWK, changed (or removed) so that the key must not be used.
    private static let unusableEdits: [(String, JSONValue?)] = [
        ("kty", .string("EC")), ("kty", nil), ("alg", .string("HS256")), ("alg", .string("RS512")),
        ("use", .string("enc")), ("kid", .string("")), ("kid", nil), ("n", nil), ("e", .string("AQ")),
        ("e", .string("AA")), ("e", .string("Ag")), ("n", .string("AQAB")), ("n", .string("not base64url!")), ("e", .int(65537)),
    ]

    @Test("JWKs that are not usable RS256 signing keys are refused", arguments: unusableEdits)
    func unusableJWK(field: String, value: JSONValue?) throws {
        var jwk = try jwk(ForgeryKeys.apple.publicKey, keyID: ForgedTokenFixture.appleKeyID)
        jwk[field] = value
        let keys = try keySet([jwk])
        #expect(keys.keyIDs.isEmpty)
        #expect(keys.rejected.count == 1)
        #expect(throws: IDTokenError.self) { try RSAJWK(jwk: jwk) }
    }

    @Test("a JWKS document that is not a key set is refused", arguments: [#"{"keys":{}}"#, #"{}"#, #"[]"#, #"{"keys":[],"keys":[]}"#, ""])
    func malformedKeySet(document: String) {
        #expect(throws: IDTokenError.self) { try JWKSet(jwksJSON: Array(document.utf8)) }
    }
}

import AuthJWT
import CryptoExtras
import Foundation
import JWTKit
import Testing

/// Our JWS code against an independent implementation (vapor/jwt-kit 5): what one signs, the
/// other verifies, so neither side drifts from RFC 7515/7518 unnoticed (signing input, base64url,
/// PKCS#1 v1.5 padding, JWK `n`/`e` encoding, JSON escaping).
@Suite("JWS interoperability with jwt-kit")
struct JWTKitCrossCheckTests {
    private static let now: Int64 = 1_767_225_600
    private static let clientID = "com.example.authcoordinator"
    private static let rawNonce = "cross-check-raw-nonce-0123456789"

    /// One RSA key generated per test process (immutable).
    private static let key: _RSA.Signing.PrivateKey = {
        do { return try _RSA.Signing.PrivateKey(keySize: .bits2048) } catch { fatalError("test key: \(error)") }
    }()

    /// The claims both sides agree on.
    struct Claims: JWTPayload, Equatable {
        var iss: IssuerClaim
        var aud: AudienceClaim
        var sub: SubjectClaim
        var exp: ExpirationClaim
        var iat: IssuedAtClaim
        var nonce: String

        func verify(using algorithm: some JWTAlgorithm) async throws {
            try exp.verifyNotExpired(currentDate: Date(timeIntervalSince1970: TimeInterval(JWTKitCrossCheckTests.now)))
        }
    }

    private func makeClaims() -> Claims {
        Claims(
            iss: "https://appleid.apple.com", aud: AudienceClaim(value: [Self.clientID]), sub: "001542.cafe.1603",
            exp: ExpirationClaim(value: Date(timeIntervalSince1970: TimeInterval(Self.now + 600))),
            iat: IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(Self.now - 5))),
            nonce: SHA256Hex.hash(Self.rawNonce))
    }

    private func makeVerifier(keyID: String) throws -> (IDTokenVerifier, JWKSet) {
        (
            IDTokenVerifier(policy: .apple(clientIDs: [Self.clientID])),
            JWKSet(keys: [try RSAJWK(keyID: keyID, publicKey: Self.key.publicKey)])
        )
    }

    @Test("a token signed by our JWTSigningKey verifies with jwt-kit, through our published JWKS")
    func oursVerifiesWithJWTKit() async throws {
        let claims = makeClaims()
        let object: JSONObject = [
            "iss": .string("https://appleid.apple.com"), "aud": .string(Self.clientID), "sub": .string("001542.cafe.1603"),
            "exp": .int(Self.now + 600), "iat": .int(Self.now - 5), "nonce": .string(SHA256Hex.hash(Self.rawNonce)),
        ]
        let token = try JWTSigningKey.rs256(Self.key, keyID: "OURS000001").sign(object)
        let (_, ourKeys) = try makeVerifier(keyID: "OURS000001")
        let collection = try await JWTKeyCollection().add(jwksJSON: ourKeys.json.jsonString)

        let verified = try await collection.verify(token, as: Claims.self)
        #expect(verified == claims)
    }

    @Test("jwt-kit refuses our token once tampered (control for the check above)")
    func tamperedOursRefusedByJWTKit() async throws {
        let object: JSONObject = ["sub": .string("001542.cafe.1603"), "exp": .int(Self.now + 600)]
        var parts = try JWTSigningKey.rs256(Self.key, keyID: "OURS000001").sign(object).split(separator: ".").map(String.init)
        let victim: JSONObject = ["sub": .string("victim"), "exp": .int(Self.now + 600)]
        parts[1] = Base64URL.encode(victim.serialized())
        let (_, ourKeys) = try makeVerifier(keyID: "OURS000001")
        let collection = try await JWTKeyCollection().add(jwksJSON: ourKeys.json.jsonString)
        await #expect(throws: (any Error).self) { try await collection.verify(parts.joined(separator: "."), as: Claims.self) }
    }

    @Test("an RS256 token signed by jwt-kit verifies with our verifier")
    func jwtKitVerifiesWithOurs() async throws {
        let collection = await JWTKeyCollection().add(
            rsa: try Insecure.RSA.PrivateKey(backing: Self.key), digestAlgorithm: .sha256, kid: "JWTKIT0001")
        let token = try await collection.sign(makeClaims(), kid: "JWTKIT0001")
        let (verifier, keys) = try makeVerifier(keyID: "JWTKIT0001")

        let verified = try verifier.verify(token, rawNonce: Self.rawNonce, keys: keys, now: Self.now)
        #expect(verified.subject == "001542.cafe.1603")
        #expect(verified.issuer == "https://appleid.apple.com")
        #expect(verified.expiresAt == Self.now + 600)
        #expect(verified.keyID == "JWTKIT0001")
    }

    @Test("a jwt-kit token under another kid, or tampered, is refused by our verifier (control)")
    func jwtKitForgeriesRefusedByOurs() async throws {
        let collection = await JWTKeyCollection().add(
            rsa: try Insecure.RSA.PrivateKey(backing: Self.key), digestAlgorithm: .sha256, kid: "JWTKIT0002")
        let token = try await collection.sign(makeClaims(), kid: "JWTKIT0002")
        let (verifier, keys) = try makeVerifier(keyID: "JWTKIT0001")
        #expect(throws: IDTokenError.unknownKey("JWTKIT0002")) {
            try verifier.verify(token, rawNonce: Self.rawNonce, keys: keys, now: Self.now)
        }

        let (_, ownKeys) = try makeVerifier(keyID: "JWTKIT0002")
        var parts = token.split(separator: ".").map(String.init)
        var claims = try #require(try? StrictJSONParser.parseObject(Base64URL.decode(parts[1]) ?? []))
        claims["sub"] = .string("victim")
        parts[1] = Base64URL.encode(claims.serialized())
        #expect(throws: IDTokenError.invalidSignature) {
            try verifier.verify(parts.joined(separator: "."), rawNonce: Self.rawNonce, keys: ownKeys, now: Self.now)
        }
    }
}

import AuthJWT
import AuthSimulation
import AuthTestSupport
import Crypto
import CryptoExtras
import Foundation
import JWTKit
import Testing

/// `GOTRUE_JWT_KEYS` as GoTrue reads it (internal/conf/jwk.go `JwtKeysDecoder`: one key whose
/// `key_ops` has `sign`, the others verify) and verifies with it (internal/api/auth.go
/// `parseJWTClaims`: the key the `kid` names, else the secret for HS256 when HS256 is among the
/// keys' algorithms), and the JWKS it publishes (internal/api/jwks.go), checked with jwt-kit.
@Suite("GoTrue's GOTRUE_JWT_KEYS")
struct GoTrueJWTKeysTests {
    /// One RSA key per test process (immutable).
    private static let rsaKey: _RSA.Signing.PrivateKey = {
        do { return try _RSA.Signing.PrivateKey(keySize: .bits2048) } catch { fatalError("test key: \(error)") }
    }()
    private static let secret = Array("a-project-secret-of-32-characters!".utf8)
    private static let hmacBytes = Array("the-oct-key-bytes-0123456789abcdef".utf8)

    private func rsaAndOct() -> String {
        PrivateJWKs.variable([
            PrivateJWKs.oct(Self.hmacBytes, kid: "hmac-1", ops: ["verify"]),
            PrivateJWKs.rsa(Self.rsaKey, kid: "rsa-1", ops: ["sign", "verify"]),
        ])
    }

    @Test("the key whose key_ops has sign signs, with its kid; the JWKS publishes the RSA key only, as jwt-kit reads it")
    func signsAndPublishes() async throws {
        let keys = SupabaseAccessTokenKeys(secret: Self.secret, jwtKeys: try GoTrueJWTKeys(parsing: rsaAndOct()))
        let token = try keys.signing.sign(["sub": .string("u"), "exp": .int(4_102_444_800)])
        let jws = try CompactJWS(parsing: token)
        #expect(jws.algorithm == "RS256" && jws.keyID == "rsa-1")
        #expect(keys.verifies(jws))

        let published = try #require(keys.jwks["keys"]?.arrayValue)
        #expect(published.count == 1)
        let jwk = try #require(published.first?.objectValue)
        #expect(jwk["kid"] == .string("rsa-1") && jwk["use"] == .string("sig") && jwk["key_ops"] == .array([.string("verify")]))
        #expect(jwk["d"] == nil && jwk["p"] == nil, "no private field is published")

        struct Claims: JWTPayload {
            var sub: SubjectClaim
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }
        let collection = try await JWTKeyCollection().add(jwksJSON: keys.jwks.jsonString)
        #expect(try await collection.verify(token, as: Claims.self).sub.value == "u")
    }

    @Test("HS256 verifies by the oct key's kid (its k bytes) and, without a kid, by GOTRUE_JWT_SECRET; a tampered token does not")
    func hmacVerification() throws {
        let keys = SupabaseAccessTokenKeys(secret: Self.secret, jwtKeys: try GoTrueJWTKeys(parsing: rsaAndOct()))
        let claims: JSONObject = ["role": .string("service_role")]
        let byKid = try JWTSigningKey.hs256(secret: Self.hmacBytes, keyID: "hmac-1").sign(claims)
        let bySecret = try JWTSigningKey.hs256(secret: Self.secret).sign(claims)
        let wrongKid = try JWTSigningKey.hs256(secret: Self.secret, keyID: "hmac-1").sign(claims)
        #expect(keys.verifies(try CompactJWS(parsing: byKid)))
        #expect(keys.verifies(try CompactJWS(parsing: bySecret)))
        #expect(!keys.verifies(try CompactJWS(parsing: wrongKid)), "the kid names a key: the secret is not tried")
        var parts = bySecret.split(separator: ".").map(String.init)
        parts[1] = Base64URL.encode((["role": .string("supabase_admin")] as JSONObject).serialized())
        #expect(!keys.verifies(try CompactJWS(parsing: parts.joined(separator: "."))))
        #expect(keys.apiKeySigner.algorithm == "HS256", "the API keys stay HS256, as the Supabase CLI signs them")
    }

    @Test("with only an asymmetric key, HS256 is not among the valid methods: a token signed with the secret is refused")
    func noHMACWithoutHMACKey() throws {
        let ec = P256.Signing.PrivateKey()
        let text = PrivateJWKs.variable([PrivateJWKs.ec(ec, kid: "ec-1", ops: ["sign", "verify"])])
        let keys = SupabaseAccessTokenKeys(secret: Self.secret, jwtKeys: try GoTrueJWTKeys(parsing: text))
        let token = try keys.signing.sign(["sub": .string("u")])
        #expect(try CompactJWS(parsing: token).algorithm == "ES256")
        #expect(keys.verifies(try CompactJWS(parsing: token)))
        #expect(!keys.verifies(try CompactJWS(parsing: try JWTSigningKey.hs256(secret: Self.secret).sign(["sub": .string("u")]))))
        #expect(keys.jwks["keys"]?.arrayValue?.first?.objectValue?["crv"] == .string("P-256"))
        #expect(keys.apiKeySigner.algorithm == "ES256")
    }

    @Test(
        "GoTrue's refusals: no signing key, two, a repeated kid; and this emulator's: no kid, no alg, other key types, bad fields",
        arguments: [
            (
                #"[{"kty":"oct","alg":"HS256","kid":"a","k":"c2VjcmV0LXNlY3JldC1zZWNyZXQ","key_ops":["verify"]}]"#,
                "no signing key detected"
            ),
            (#"{"kty":"oct"}"#, "must be a JSON array"),
            ("[1]", "is not a JSON object"),
            ("[", "not JSON"),
            (#"[{"kty":"oct","alg":"HS256","k":"c2VjcmV0LXNlY3JldC1zZWNyZXQ","key_ops":["sign"]}]"#, "needs a kid"),
            (#"[{"kty":"oct","kid":"a","k":"c2VjcmV0LXNlY3JldC1zZWNyZXQ","key_ops":["sign"]}]"#, "is not modelled"),
            (#"[{"kty":"OKP","alg":"EdDSA","kid":"a","key_ops":["sign"]}]"#, "is not modelled"),
            (#"[{"kty":"oct","alg":"HS256","kid":"a","k":"c2hvcnQ","key_ops":["sign"]}]"#, "at least 16 bytes"),
            (#"[{"kty":"RSA","alg":"RS256","kid":"a","n":"AQAB","e":"AQAB","key_ops":["sign"]}]"#, "needs n, e, d, p and q"),
            (#"[{"kty":"EC","alg":"ES256","crv":"P-384","kid":"a","key_ops":["sign"]}]"#, "takes crv P-256"),
        ])
    func refused(text: String, reason: String) {
        #expect { try GoTrueJWTKeys(parsing: text) } throws: { ($0 as? GoTrueJWTKeys.Failure)?.reason.contains(reason) == true }
    }

    @Test("two signing keys, and a kid given twice, are refused")
    func duplicates() {
        let oct = { (kid: String) in PrivateJWKs.oct(Self.hmacBytes, kid: kid, ops: ["sign", "verify"]) }
        #expect(throws: GoTrueJWTKeys.Failure(reason: "multiple signing keys detected, only 1 signing key is supported")) {
            try GoTrueJWTKeys(parsing: PrivateJWKs.variable([oct("a"), oct("b")]))
        }
        #expect(throws: GoTrueJWTKeys.Failure(reason: "kid a is given twice")) {
            try GoTrueJWTKeys(parsing: PrivateJWKs.variable([oct("a"), PrivateJWKs.oct(Self.hmacBytes, kid: "a", ops: ["verify"])]))
        }
    }

    @Test("an EC key whose x and y are not d's public key is refused; an RSA key under 2048 bits too")
    func inconsistentKeys() throws {
        var ec = PrivateJWKs.ec(P256.Signing.PrivateKey(), kid: "ec", ops: ["sign"])
        ec["x"] = PrivateJWKs.ec(P256.Signing.PrivateKey(), kid: "other", ops: ["sign"])["x"]
        #expect { try GoTrueJWTKeys(parsing: PrivateJWKs.variable([ec])) } throws: {
            ($0 as? GoTrueJWTKeys.Failure)?.reason.contains("not the public key of d") == true
        }
        let small = PrivateJWKs.rsa(try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)), kid: "small", ops: ["sign"])
        #expect { try GoTrueJWTKeys(parsing: PrivateJWKs.variable([small])) } throws: {
            ($0 as? GoTrueJWTKeys.Failure)?.reason.contains("at least 2048 bits") == true
        }
    }
}

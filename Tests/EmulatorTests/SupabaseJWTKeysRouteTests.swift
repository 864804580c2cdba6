import AuthJWT
import AuthSimulation
import AuthTestSupport
import Crypto
import Foundation
import Testing

/// A project configured with `GOTRUE_JWT_KEYS` (internal/conf/jwk.go): access tokens signed by the
/// signing key with its `kid` (internal/tokens/service.go), its public key at
/// `/auth/v1/.well-known/jwks.json` (internal/api/jwks.go), and every route that verifies a token
/// accepting both it and HS256 tokens of the secret (internal/api/auth.go `parseJWTClaims`).
@Suite("Emulator: Supabase GOTRUE_JWT_KEYS")
struct SupabaseJWTKeysRouteTests {
    private static let ecKey = P256.Signing.PrivateKey()
    private static let hmacBytes = Array("the-oct-key-bytes-0123456789abcdef".utf8)

    private func makeSUT() async throws -> EmulatorHarness {
        var setup = SimulationConfiguration()
        setup.supabaseJWTKeys = PrivateJWKs.variable([
            PrivateJWKs.oct(Self.hmacBytes, kid: "hmac-1", ops: ["verify"]),
            PrivateJWKs.ec(Self.ecKey, kid: "ec-signing", ops: ["sign", "verify"]),
        ])
        var settings = SupabaseSettings()
        settings.anonymousUsersEnabled = true
        return try await EmulatorHarness.make(configuration: setup, supabase: settings)
    }

    @Test("a session's access token is ES256 with the signing key's kid, verifies with the published key, and works on /user")
    func signedWithTheSigningKey() async throws {
        let sut = try await makeSUT()
        let session = await sut.supabase("POST", "signup", json: "{}")
        let token = try #require(session.object["access_token"]?.stringValue)
        let jws = try CompactJWS(parsing: token)
        #expect(jws.algorithm == "ES256" && jws.keyID == "ec-signing")

        let jwks = await sut.supabase("GET", ".well-known/jwks.json")
        #expect(jwks.status == 200 && jwks.headers.contains { $0.0 == "Cache-Control" && $0.1 == "public, max-age=600" })
        let keys = jwks.object["keys"]?.arrayValue?.compactMap { $0.objectValue }
        let published = try #require(keys)
        #expect(published.map { $0["kid"] } == [.string("ec-signing")], "the oct key is never published")
        let x = try #require(published.first?["x"]?.stringValue.flatMap(Base64URL.decode))
        let y = try #require(published.first?["y"]?.stringValue.flatMap(Base64URL.decode))
        let publicKey = try P256.Signing.PublicKey(rawRepresentation: x + y)
        #expect(ECDSAVerification.isValid(jws.signature, for: jws.signingInput, publicKey: publicKey))

        #expect(await sut.supabase("GET", "user", bearer: token).status == 200)
        #expect(await sut.supabase("POST", "logout?scope=local", bearer: token).status == 204)
    }

    @Test("an HS256 token under the oct key's kid, and the HS256 service-role key, are accepted; a forged ES256 one is not")
    func verifyKeys() async throws {
        let sut = try await makeSUT()
        let token = try #require(await sut.supabase("POST", "signup", json: "{}").object["access_token"]?.stringValue)
        let claims = TokenForge.decode(token).claims
        let byOct = try JWTSigningKey.hs256(secret: Self.hmacBytes, keyID: "hmac-1").sign(claims)
        #expect(await sut.supabase("GET", "user", bearer: byOct).status == 200)

        let forged = try JWTSigningKey.es256(P256.Signing.PrivateKey(), keyID: "ec-signing").sign(claims)
        let refused = await sut.supabase("GET", "user", bearer: forged)
        #expect(refused.status == 403 && refused.object["code"] == .string("bad_jwt"))

        #expect(try CompactJWS(parsing: sut.emulator.serviceRoleKey).algorithm == "HS256")
        #expect(await sut.supabase("GET", "admin/users", bearer: sut.emulator.serviceRoleKey).status == 200)
    }
}

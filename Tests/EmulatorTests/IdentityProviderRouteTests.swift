import AuthData
import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

@Suite("Emulator: simulated Apple and Google")
struct IdentityProviderRouteTests {
    @Test("the Apple sheet API returns name and email on the first authorization only")
    func appleSheet() async throws {
        let sut = try await EmulatorHarness.make()
        let body =
            #"""
            {"clientId":"\#(sut.world.appleClientID)","email":"ada@example.com","givenName":"Ada","familyName":"Lovelace","hideEmail":\#
            false,"nonce":"abc"}
            """#
        let first = await sut.send("POST", "/appleid/auth/authorize", json: body)
        #expect(first.status == 200)
        #expect(first.object["email"] == .string("ada@example.com"))
        #expect(first.object["fullName"] == .object(["givenName": .string("Ada"), "familyName": .string("Lovelace")]))
        let second = await sut.send("POST", "/appleid/auth/authorize", json: body)
        #expect(second.object["email"] == nil && second.object["fullName"] == nil)
        #expect(second.object["user"] == first.object["user"])
        let token = try #require(second.object["identityToken"]?.stringValue)
        #expect(TokenForge.decode(token).claims["nonce"] == .string("abc"))
        let cancelled = await sut.send("POST", "/appleid/auth/authorize", json: #"{"clientId":"x","cancel":true}"#)
        #expect(cancelled.status == 400 && cancelled.object["error"] == .string("canceled"))
    }

    @Test("JWKS documents list at least two RS256 keys")
    func jwks() async throws {
        let sut = try await EmulatorHarness.make()
        for path in ["/appleid/auth/keys", "/google/oauth2/v3/certs"] {
            let response = await sut.send("GET", path)
            let keys = try #require(response.object["keys"]?.arrayValue)
            #expect(keys.count >= 2)
            #expect(keys.allSatisfy { $0.objectValue?["alg"] == .string("RS256") && $0.objectValue?["kid"] != nil })
            #expect(try JWKSet(jwksJSON: response.body).keyIDs.count == keys.count, "every published key is a usable RS256 key")
        }
    }

    @Test("Apple's token endpoint refuses a missing client_secret with invalid_client, form-encoded as Apple's")
    func appleTokenEndpoint() async throws {
        let sut = try await EmulatorHarness.make()
        let noSecret = await sut.send(
            "POST", "/appleid/auth/token", json: "client_id=\(sut.world.appleClientID)&grant_type=authorization_code&code=c123",
            contentType: "application/x-www-form-urlencoded")
        #expect(noSecret.status == 400)
        #expect(noSecret.object["error"] == .string("invalid_client"))
        let json = await sut.send("POST", "/appleid/auth/token", json: "{}")
        #expect(json.object["error"] == .string("invalid_request"))
    }

    @Test("Google sign-in returns an ID token for the client and an access token")
    func google() async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.send(
            "POST", "/google/signin",
            json: #"{"clientId":"\#(sut.world.googleClientID)","email":"grace@example.com","name":"Grace Hopper","nonce":"n1"}"#)
        #expect(response.status == 200)
        let claims = TokenForge.decode(try #require(response.object["idToken"]?.stringValue)).claims
        #expect(claims["aud"] == .string(sut.world.googleClientID))
        #expect(claims["nonce"] == .string("n1"))
        #expect(response.object["accessToken"]?.stringValue?.hasPrefix("ya29.") == true)
    }
}

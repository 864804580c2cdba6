import AuthAppleServer
import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Crypto
import Foundation
import Testing

@Suite("Simulated Apple: client_secret and authorization codes")
struct AppleClientSecretContractTests {
    private func secret(
        _ sut: LifecycleHarness, key: P256.Signing.PrivateKey? = nil, clientID: String? = nil, keyID: String? = nil,
        teamID: String? = nil, lifetime: TimeInterval = 600
    ) throws -> String {
        let keys = sut.world.services.keys
        return try AppleClientSecret(
            teamID: teamID ?? keys.teamID, keyID: keyID ?? keys.developerKeyID, clientID: clientID ?? sut.world.appleClientID,
            privateKey: try key ?? keys.developerKey()
        ).make(now: sut.world.clock.now, lifetime: lifetime)
    }

    private func code(_ sut: LifecycleHarness) async throws -> String {
        try await sut.apple.authorize(AppleSheetRequest(clientID: sut.world.appleClientID, appleID: "ada@example.com")).authorizationCode
    }

    @Test("a bad or expired client_secret is refused with invalid_client", arguments: BackendFlavor.allCases)
    func invalidClient(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let code = try await code(sut)
        let client = sut.world.appleClientID
        let cases: [(String, String)] = [
            ("another key", try secret(sut, key: P256.Signing.PrivateKey())),
            ("unknown key id", try secret(sut, keyID: "UNKNOWNKEY")),
            ("other team", try secret(sut, teamID: "OTHERTEAM1")),
            ("sub is another client", try secret(sut, clientID: "com.other.app")),
            ("not a JWT", "garbage"),
        ]
        for (label, clientSecret) in cases {
            let reply = try await sut.postToApple(
                "auth/token",
                [("client_id", client), ("client_secret", clientSecret), ("code", code), ("grant_type", "authorization_code")])
            #expect(reply.status == 400 && reply.error == "invalid_client", "\(label): \(reply)")
        }
        let expiring = try secret(sut, lifetime: 60)
        sut.world.clock.advance(by: 61)
        let expired = try await sut.postToApple(
            "auth/token",
            [("client_id", client), ("client_secret", expiring), ("code", try await self.code(sut)), ("grant_type", "authorization_code")])
        #expect(expired.status == 400 && expired.error == "invalid_client")
        let revoke = try await sut.postToApple("auth/revoke", [("client_id", client), ("client_secret", "garbage"), ("token", "r123")])
        #expect(revoke.status == 400 && revoke.error == "invalid_client")
    }

    @Test(
        "a code from Apple's web page is bound to its redirect_uri (RFC 6749 §4.1.3): another or none is invalid_grant",
        arguments: BackendFlavor.allCases)
    func redirectBound(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let client = sut.world.appleClientID
        let bound = "http://127.0.0.1:5999/callback"
        func webCode() async throws -> String {
            try await sut.apple.authorize(AppleSheetRequest(clientID: client, appleID: "ada@example.com", redirectURI: bound))
                .authorizationCode
        }
        func exchange(_ code: String, _ redirect: String?) async throws -> (status: Int, error: String?) {
            let fields =
                [("client_id", client), ("client_secret", try secret(sut)), ("code", code), ("grant_type", "authorization_code")]
                + (redirect.map { [("redirect_uri", $0)] } ?? [])
            let reply = try await sut.postToApple("auth/token", fields)
            return (reply.status, reply.error)
        }
        for other in ["http://127.0.0.1:6000/callback", "http://evil.example/callback", "http://127.0.0.1:5999/callback/x", nil] {
            let reply = try await exchange(try await webCode(), other)
            #expect(reply.status == 400 && reply.error == "invalid_grant", "\(String(describing: other))")
        }
        #expect(try await exchange(try await webCode(), bound).status == 200)
        #expect(try await exchange(try await webCode(), "HTTP://127.0.0.1:5999/callback").status == 200, "the same URI, re-serialised")
        #expect(try await exchange(try await code(sut), nil).status == 200, "a native sheet's code has no redirect_uri")
    }

    @Test("authorization codes are single use and expire after five minutes (invalid_grant)", arguments: BackendFlavor.allCases)
    func invalidGrant(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let client = sut.world.appleClientID
        let code = try await code(sut)
        let fields = [("client_id", client), ("client_secret", try secret(sut)), ("code", code), ("grant_type", "authorization_code")]
        #expect(try await sut.postToApple("auth/token", fields).status == 200)
        let reused = try await sut.postToApple("auth/token", fields)
        #expect(reused.status == 400 && reused.error == "invalid_grant")
        let late = try await self.code(sut)
        sut.world.clock.advance(by: 301)
        let expired = try await sut.postToApple(
            "auth/token", [("client_id", client), ("client_secret", try secret(sut)), ("code", late), ("grant_type", "authorization_code")])
        #expect(expired.status == 400 && expired.error == "invalid_grant")
        let unknownToken = try await sut.postToApple(
            "auth/revoke", [("client_id", client), ("client_secret", try secret(sut)), ("token", "r-unknown")])
        #expect(unknownToken.status == 200, "Apple answers 200 even for unknown tokens")
    }

    @Test("a client_secret longer than six months is refused")
    func tooLong() async throws {
        let sut = try await LifecycleHarness.make(.supabaseInProcess)
        let keys = sut.world.services.keys
        let key = JWTSigningKeyProbe.longLived(
            teamID: keys.teamID, keyID: keys.developerKeyID, clientID: sut.world.appleClientID,
            key: try keys.developerKey(), now: sut.world.clock.now)
        let reply = try await sut.postToApple(
            "auth/token",
            [
                ("client_id", sut.world.appleClientID), ("client_secret", key),
                ("code", try await code(sut)), ("grant_type", "authorization_code"),
            ])
        #expect(reply.error == "invalid_client")
    }
}

/// Builds a client_secret beyond Apple's limit (AppleClientSecret itself clamps the lifetime).
enum JWTSigningKeyProbe {
    static func longLived(teamID: String, keyID: String, clientID: String, key: P256.Signing.PrivateKey, now: Date) -> String {
        let iat = Int64(now.timeIntervalSince1970)
        return try! AuthJWT.JWTSigningKey.es256(key, keyID: keyID).sign([
            "iss": .string(teamID), "iat": .int(iat), "exp": .int(iat + 15_777_000 + 3600),
            "aud": .string("https://appleid.apple.com"), "sub": .string(clientID),
        ])
    }
}

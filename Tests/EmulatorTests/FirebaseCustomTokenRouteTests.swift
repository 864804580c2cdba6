import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// `accounts:signInWithCustomToken` and `projects/{p}:createSessionCookie`, with the rules of
/// firebase-tools `src/emulator/auth/operations.ts` (`signInWithCustomToken`,
/// `createSessionCookie`) and the tokens firebase-admin-python `_token_gen.py` makes.
@Suite("Emulator: Firebase custom tokens and session cookies")
struct FirebaseCustomTokenRouteTests {
    private static let owner = ["authorization": "Bearer owner"]
    private static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// A custom token as firebase-admin-python `create_custom_token` writes it in emulator mode:
    /// `alg: none`, an empty signature, issued by `firebase-auth-emulator@example.com`.
    private func adminToken(_ payload: JSONObject, alg: String = "none", signature: String = "") -> String {
        let header: JSONObject = ["typ": .string("JWT"), "alg": .string(alg)]
        return Base64URL.encode(JSONValue.object(header).serialized()) + "." + Base64URL.encode(JSONValue.object(payload).serialized())
            + "." + signature
    }

    private func claims(uid: String, extra: JSONObject = [:]) -> JSONObject {
        var payload: JSONObject = [
            "iss": .string("firebase-auth-emulator@example.com"), "sub": .string("firebase-auth-emulator@example.com"),
            "aud": .string(Self.audience), "uid": .string(uid), "iat": .int(1_700_000_000), "exp": .int(1_700_003_600),
        ]
        for entry in extra { payload[entry.key] = entry.value }
        return payload
    }

    private func signIn(_ sut: EmulatorHarness, token: String) async -> EmulatorResponse {
        let body: JSONObject = ["token": .string(token), "returnSecureToken": .bool(true)]
        return await sut.firebase("accounts:signInWithCustomToken", json: JSONValue.object(body).jsonString)
    }

    @Test("an Admin SDK's unsigned token signs in a new user, then the same user; ID tokens carry its claims")
    func unsignedToken() async throws {
        let sut = try await EmulatorHarness.make()
        let token = adminToken(claims(uid: "backend-uid-1", extra: ["claims": .object(["role": .string("admin")])]))
        let first = await signIn(sut, token: token)
        #expect(first.status == 200 && first.object["isNewUser"] == .bool(true))
        #expect(first.object["kind"] == .string("identitytoolkit#VerifyCustomTokenResponse"))
        let idToken = try #require(first.object["idToken"]?.stringValue)
        let jws = try CompactJWS(parsing: idToken)
        #expect(jws.payload["sub"] == .string("backend-uid-1") && jws.payload["role"] == .string("admin"))
        #expect(jws.payload["firebase"]?.objectValue?["sign_in_provider"] == .string("custom"))
        let lookup = await sut.firebase("accounts:lookup", json: #"{"idToken":"\#(idToken)"}"#)
        #expect(lookup.object["users"]?.arrayValue?.first?.objectValue?["localId"] == .string("backend-uid-1"))
        // The same token again (its iat/exp are not checked, as in Google's emulator): the same user.
        #expect(await signIn(sut, token: token).object["isNewUser"] == .bool(false))
        // The v3 name the iOS SDK uses.
        let v3 = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyCustomToken?key=k",
            json: JSONValue.object(["token": .string(token)]).jsonString)
        #expect(v3.status == 200 && v3.object["isNewUser"] == .bool(false))
    }

    @Test("a refreshed ID token keeps the custom token's developer claims; another sign-in's refresh has none")
    func refreshKeepsClaims() async throws {
        // firebase-tools src/emulator/auth/operations.ts issueTokens: the refresh token is made with
        // the sign-in's extraClaims (state.ts createRefreshTokenFor), and a refresh mints with them.
        let sut = try await EmulatorHarness.make()
        let token = adminToken(claims(uid: "backend-uid-2", extra: ["claims": .object(["role": .string("admin"), "level": .int(3)])]))
        let signedIn = await signIn(sut, token: token)
        #expect(signedIn.status == 200)
        let refreshed = await sut.firebaseRefresh(signedIn.object)
        #expect(refreshed.status == 200)
        let payload = try CompactJWS(parsing: try #require(refreshed.object["id_token"]?.stringValue)).payload
        #expect(payload["role"] == .string("admin") && payload["level"] == .int(3))
        #expect(payload["firebase"]?.objectValue?["sign_in_provider"] == .string("custom"))
        // Twice: the claims stay with the refresh token, not with one ID token.
        let again = await sut.firebaseRefresh(signedIn.object)
        #expect(try CompactJWS(parsing: try #require(again.object["id_token"]?.stringValue)).payload["role"] == .string("admin"))
        let plain = await signIn(sut, token: adminToken(claims(uid: "backend-uid-3")))
        let plainRefresh = await sut.firebaseRefresh(plain.object)
        let plainPayload = try CompactJWS(parsing: try #require(plainRefresh.object["id_token"]?.stringValue)).payload
        #expect(plainPayload["sub"] == .string("backend-uid-3") && plainPayload["role"] == nil)
    }

    @Test("RS256 tokens are taken unverified, plain JSON too; other algorithms, audiences and bad claims are refused")
    func refusals() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await signIn(sut, token: adminToken(claims(uid: "signed"), alg: "RS256", signature: "c2lnbmF0dXJl")).status == 200)
        #expect(await signIn(sut, token: #"{"uid":"json-user"}"#).object["isNewUser"] == .bool(true))
        let cases: [(String, String)] = [
            ("", "MISSING_CUSTOM_TOKEN"),
            (adminToken(claims(uid: "x"), alg: "HS256", signature: "c2ln"), "INVALID_CUSTOM_TOKEN"),
            (adminToken(claims(uid: "x"), signature: "c2ln"), "INVALID_CUSTOM_TOKEN"),
            (adminToken(claims(uid: "x", extra: ["aud": .string("demo-project")])), "INVALID_CUSTOM_TOKEN"),
            (adminToken(claims(uid: "")), "MISSING_IDENTIFIER"),
            (adminToken(claims(uid: String(repeating: "u", count: 129))), "INVALID_CUSTOM_TOKEN"),
            (adminToken(claims(uid: "x", extra: ["claims": .object(["sub": .string("other")])])), "FORBIDDEN_CLAIM"),
            (adminToken(claims(uid: "x", extra: ["claims": .string("admin")])), "INVALID_CLAIMS"),
            ("not.a.token", "INVALID_CUSTOM_TOKEN"),
            (#"{"uid":"#, "INVALID_CUSTOM_TOKEN"),
        ]
        for (token, code) in cases {
            let response = await signIn(sut, token: token)
            let message = response.firebaseMessage ?? ""
            #expect(response.status == 400 && message.hasPrefix(code), "\(token): \(message)")
        }
        _ = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/accounts:update",
            json: #"{"localId":"signed","disableUser":true}"#, headers: Self.owner)
        #expect(await signIn(sut, token: adminToken(claims(uid: "signed"))).firebaseMessage == "USER_DISABLED")
    }

    @Test("a session cookie has the ID token's claims, the session issuer and the asked lifetime; bad input is refused")
    func sessionCookie() async throws {
        let sut = try await EmulatorHarness.make()
        let idToken = try #require(await signIn(sut, token: adminToken(claims(uid: "cookie-user"))).object["idToken"]?.stringValue)
        let path = "/identitytoolkit.googleapis.com/v1/projects/\(sut.project):createSessionCookie"
        let made = await sut.send("POST", path, json: #"{"idToken":"\#(idToken)","validDuration":3600}"#, headers: Self.owner)
        let cookie = try CompactJWS(parsing: try #require(made.object["sessionCookie"]?.stringValue))
        #expect(cookie.payload["iss"] == .string("https://session.firebase.google.com/\(sut.project)"))
        #expect(cookie.payload["aud"] == .string(sut.project) && cookie.payload["sub"] == .string("cookie-user"))
        let lifetime = try #require(cookie.payload["exp"]?.intValue) - (try #require(cookie.payload["iat"]?.intValue))
        #expect(lifetime == 3600 && cookie.algorithm == "RS256")
        // As a string too (Google's int64 JSON form), and without credentials: 401.
        #expect(await sut.send("POST", path, json: #"{"idToken":"\#(idToken)","validDuration":"300"}"#, headers: Self.owner).status == 200)
        #expect(await sut.send("POST", path, json: #"{"idToken":"\#(idToken)"}"#).status == 401)
        let refusals: [(String, String)] = [
            (#"{"validDuration":3600}"#, "MISSING_ID_TOKEN"), (#"{"idToken":"\#(idToken)","validDuration":299}"#, "INVALID_DURATION"),
            (#"{"idToken":"\#(idToken)","validDuration":1209601}"#, "INVALID_DURATION"),
            (#"{"idToken":"\#(idToken)","validDuration":"soon"}"#, "INVALID_DURATION"),
            (#"{"idToken":"not.a.token","validDuration":3600}"#, "INVALID_ID_TOKEN"),
        ]
        for (body, code) in refusals {
            #expect(await sut.send("POST", path, json: body, headers: Self.owner).firebaseMessage == code, "\(body)")
        }
    }
}

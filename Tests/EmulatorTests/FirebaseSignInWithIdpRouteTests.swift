import AuthData
import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// `accounts:signInWithIdp` reads the credential wherever clients put it (issue 13 item 10):
/// firebase-tools `src/emulator/auth/operations.ts` `getNormalizedUri` merges the query of
/// `requestUri`, then `postBody`, then the fragment of `requestUri`, a later place winning.
@Suite("Emulator: Firebase signInWithIdp reads requestUri and postBody")
struct FirebaseSignInWithIdpRouteTests {
    private func signIn(_ sut: EmulatorHarness, requestUri: String, postBody: String? = nil) async -> EmulatorResponse {
        var body: JSONObject = ["requestUri": .string(requestUri), "returnSecureToken": .bool(true), "returnIdpCredential": .bool(true)]
        if let postBody { body["postBody"] = .string(postBody) }
        return await sut.firebase("accounts:signInWithIdp", json: body.jsonString)
    }

    @Test("a credential in the query of requestUri signs in (the JS SDK's redirect result)")
    func query() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, nonce) = try await sut.appleToken()
        let response = await signIn(
            sut, requestUri: "http://localhost/__/auth/handler?providerId=apple.com&id_token=\(token)&nonce=\(nonce)")
        #expect(response.status == 200)
        #expect(response.object["providerId"] == .string("apple.com"))
        #expect(response.object["idToken"] != nil)
    }

    @Test("a credential in the fragment signs in, and the fragment wins over postBody and the query")
    func fragmentWins() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, nonce) = try await sut.appleToken()
        let response = await signIn(
            sut, requestUri: "http://localhost/cb?providerId=google.com&nonce=wrong#providerId=apple.com&id_token=\(token)&nonce=\(nonce)",
            postBody: "providerId=google.com&nonce=also-wrong")
        #expect(response.status == 200, "\(response.firebaseMessage ?? "")")
        #expect(response.object["providerId"] == .string("apple.com"))
    }

    @Test("postBody wins over the query; within postBody the first of a repeated key counts")
    func postBodyOverQuery() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, nonce) = try await sut.appleToken()
        let response = await signIn(
            sut, requestUri: "http://localhost?nonce=wrong&providerId=google.com",
            postBody: "providerId=apple.com&providerId=google.com&id_token=\(token)&nonce=\(nonce)")
        #expect(response.status == 200, "\(response.firebaseMessage ?? "")")
        #expect(response.object["providerId"] == .string("apple.com"))
    }

    @Test("the nonce is still checked wherever it comes from (stricter than firebase-tools, which ignores it)")
    func nonceStillChecked() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, _) = try await sut.appleToken()
        let response = await signIn(sut, requestUri: "http://localhost#providerId=apple.com&id_token=\(token)&nonce=not-the-nonce")
        #expect(response.status == 400)
        #expect(response.firebaseMessage?.hasPrefix("MISSING_OR_INVALID_NONCE : The nonce in ID Token does not match") == true)
    }

    @Test("bad input gets firebase-tools' codes in Google's envelope")
    func badInput() async throws {
        let sut = try await EmulatorHarness.make()
        let missing = await sut.firebase("accounts:signInWithIdp", json: #"{"postBody":"providerId=apple.com"}"#)
        #expect(missing.status == 400 && missing.firebaseMessage == "MISSING_REQUEST_URI")
        #expect(missing.object["error"]?.objectValue?["errors"]?.arrayValue?.first?.objectValue?["reason"] == .string("invalid"))
        #expect(await signIn(sut, requestUri: "not a uri", postBody: "providerId=apple.com").firebaseMessage == "INVALID_REQUEST_URI")
        #expect(await signIn(sut, requestUri: "/relative?providerId=apple.com").firebaseMessage == "INVALID_REQUEST_URI")
        let noProvider = await signIn(sut, requestUri: "http://localhost/cb?id_token=secret-token")
        #expect(
            noProvider.firebaseMessage == "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: http://localhost/cb",
            "the query, which may carry a token, is not echoed")
        let accessOnly = await signIn(sut, requestUri: "http://localhost", postBody: "providerId=google.com&access_token=ya29.x")
        #expect(accessOnly.status == 501)
        #expect(accessOnly.object["error"]?.objectValue?["status"] == .string("NOT_IMPLEMENTED"))
        #expect(accessOnly.firebaseMessage?.contains("using id_token, not access_token") == true)
        let nothing = await signIn(sut, requestUri: "http://localhost", postBody: "providerId=apple.com&code=abc")
        #expect(nothing.status == 501)
        #expect(nothing.firebaseMessage == "The Auth Emulator only supports sign-in with credentials (id_token required).")
    }
}

import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Identity Toolkit v2 `accounts:revokeToken` as iOS `Auth.revokeToken(withAuthorizationCode:)`
/// sends it (firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/RPC/RevokeTokenRequest.swift`:
/// `providerId` `apple.com`, `tokenType` `"3"`, the code as `token`, and `idToken`), wired to the
/// simulated Apple's `/auth/token` and `/auth/revoke`.
@Suite("Emulator: Firebase revokes Sign in with Apple tokens")
struct FirebaseRevokeTokenRouteTests {
    private static let path = "/identitytoolkit.googleapis.com/v2/accounts:revokeToken?key=test-key"

    /// A Firebase user signed in with Apple, the sheet's answer and the user's ID token.
    private func appleUser(_ sut: EmulatorHarness) async throws -> (sheet: AppleSheetResponse, idToken: String) {
        let raw = NonceGenerator(source: .live).make()
        let sheet = try await sut.world.services.apple.authorize(
            AppleSheetRequest(
                clientID: sut.world.appleClientID, appleID: "ada@example.com", name: PersonName(givenName: "Ada", familyName: "Lovelace"),
                nonce: NonceGenerator.sha256Hex(raw)))
        let body: JSONObject = [
            "requestUri": .string("http://localhost"), "returnSecureToken": .bool(true),
            "postBody": .string("providerId=apple.com&id_token=\(sheet.identityToken)&nonce=\(raw)"),
        ]
        let signIn = await sut.firebase("accounts:signInWithIdp", json: body.jsonString)
        return (sheet, try #require(signIn.object["idToken"]?.stringValue))
    }

    private func revoke(_ sut: EmulatorHarness, _ fields: JSONObject) async -> EmulatorResponse {
        await sut.send("POST", Self.path, json: JSONValue.object(fields).jsonString)
    }

    @Test("the iOS SDK's request revokes the app's authorization at Apple; the spent code is refused after")
    func revokesAtApple() async throws {
        let sut = try await EmulatorHarness.make()
        let (sheet, idToken) = try await appleUser(sut)
        let apple = sut.world.services.apple
        let before = await apple.credentialState(userID: sheet.user, clientID: sut.world.appleClientID)
        #expect(before == .authorized)

        let request: JSONObject = [
            "providerId": .string("apple.com"), "tokenType": .string("3"), "token": .string(sheet.authorizationCode),
            "idToken": .string(idToken),
        ]
        let answer = await revoke(sut, request)
        #expect(answer.status == 200 && answer.object.isEmpty)
        let after = await apple.credentialState(userID: sheet.user, clientID: sut.world.appleClientID)
        let last = await apple.revocations.last
        #expect(after == .revoked)
        #expect(last?.tokenKind == "refresh_token" && last?.userID == sheet.user)

        let again = await revoke(sut, request)
        #expect(again.status == 400 && again.firebaseMessage?.hasPrefix("INVALID_IDP_RESPONSE") == true)
    }

    @Test("refusals: no or bad ID token, another provider, an unknown token type, no token, no API key")
    func refusals() async throws {
        let sut = try await EmulatorHarness.make()
        let (sheet, idToken) = try await appleUser(sut)
        let code = JSONValue.string(sheet.authorizationCode)
        let cases: [(JSONObject, String)] = [
            (["providerId": .string("apple.com"), "tokenType": .string("CODE"), "token": code], "MISSING_ID_TOKEN"),
            (
                ["providerId": .string("apple.com"), "tokenType": .string("CODE"), "token": code, "idToken": .string("x.y.z")],
                "INVALID_ID_TOKEN"
            ),
            (
                ["providerId": .string("google.com"), "tokenType": .string("CODE"), "token": code, "idToken": .string(idToken)],
                "INVALID_PROVIDER_ID : Only apple.com tokens can be revoked."
            ),
            (
                ["providerId": .string("apple.com"), "tokenType": .string("0"), "token": code, "idToken": .string(idToken)],
                "INVALID_ARGUMENT"
            ),
            (["providerId": .string("apple.com"), "tokenType": .int(3), "idToken": .string(idToken)], "INVALID_ARGUMENT"),
        ]
        for (fields, code) in cases {
            let message = await revoke(sut, fields).firebaseMessage ?? ""
            #expect(message.hasPrefix(code), "\(fields.keys): \(message)")
        }
        #expect(await sut.send("POST", "/identitytoolkit.googleapis.com/v2/accounts:revokeToken", json: "{}").status == 403)
        // None of the refusals spent the code or touched the authorization.
        let state = await sut.world.services.apple.credentialState(userID: sheet.user, clientID: sut.world.appleClientID)
        #expect(state == .authorized)
    }
}

import AuthData
import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

@Suite("Emulator: Firebase Auth routes")
struct FirebaseRouteTests {
    @Test("signInWithIdp verifies the Apple token and nonce, and the v3 alias answers the same way")
    func signInWithIdp() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, nonce) = try await sut.appleToken()
        let body =
            #"""
            {"requestUri":"http://localhost","postBody":"providerId=apple.com&id_token=\#(token)&nonce=\#(nonce)","returnSecureToken":\#
            true,"returnIdpCredential":true}
            """#
        let response = await sut.firebase("accounts:signInWithIdp", json: body)
        #expect(response.status == 200)
        #expect(response.object["kind"] == .string("identitytoolkit#VerifyAssertionResponse"))
        #expect(response.object["providerId"] == .string("apple.com"))
        #expect(response.object["isNewUser"] == .bool(true))
        for key in ["idToken", "refreshToken", "localId", "federatedId", "expiresIn", "oauthIdToken"] {
            #expect(response.object[key] != nil, "missing \(key)")
        }
        #expect(response.object["expiresIn"] == .string("3600"))

        let (second, secondNonce) = try await sut.appleToken()
        let v3 = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyAssertion?key=k",
            json:
                #"""
                {"requestUri":"http://localhost","postBody":"providerId=apple.com&id_token=\#(second)&nonce=\#(secondNonce)","returnSe\#
                cureToken":true,"returnIdpCredential":true,"autoCreate":true}
                """#
        )
        #expect(v3.status == 200)
        #expect(v3.object["localId"] == response.object["localId"])
        #expect(v3.object["isNewUser"] == nil, "returning users omit isNewUser")

        let replay = await sut.firebase("accounts:signInWithIdp", json: body)
        #expect(replay.status == 400)
        #expect(replay.firebaseMessage?.hasPrefix("MISSING_OR_INVALID_NONCE : Duplicate credential") == true)
    }

    @Test("lookup returns exactly one user whose providers all carry providerId; delete answers kind")
    func lookupAndDelete() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, nonce) = try await sut.appleToken()
        let signIn = await sut.firebase(
            "accounts:signInWithIdp",
            json:
                #"""
                {"requestUri":"http://localhost","postBody":"providerId=apple.com&id_token=\#(token)&nonce=\#(nonce)","returnSecureTok\#
                en":true}
                """#
        )
        let idToken = try #require(signIn.object["idToken"]?.stringValue)
        let lookup = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/getAccountInfo?key=k", json: #"{"idToken":"\#(idToken)"}"#)
        let users = try #require(lookup.object["users"]?.arrayValue)
        #expect(users.count == 1)
        let providers = try #require(users[0].objectValue?["providerUserInfo"]?.arrayValue)
        #expect(providers.allSatisfy { $0.objectValue?["providerId"] != nil })
        let delete = await sut.firebase("accounts:delete", json: #"{"idToken":"\#(idToken)"}"#)
        #expect(delete.object == ["kind": .string("identitytoolkit#DeleteAccountResponse")])
        #expect(await sut.firebase("accounts:lookup", json: #"{"idToken":"\#(idToken)"}"#).firebaseMessage == "USER_NOT_FOUND")
    }

    @Test("Secure Token takes a form or camelCase JSON and answers snake_case")
    func secureToken() async throws {
        let sut = try await EmulatorHarness.make()
        let signUp = await sut.firebase("accounts:signUp", json: #"{"returnSecureToken":true}"#)
        let refresh = try #require(signUp.object["refreshToken"]?.stringValue)
        let form = await sut.send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k", json: "grant_type=refresh_token&refresh_token=\(refresh)",
            contentType: "application/x-www-form-urlencoded")
        #expect(form.status == 200)
        for key in ["access_token", "expires_in", "token_type", "refresh_token", "id_token", "user_id", "project_id"] {
            #expect(form.object[key] != nil, "missing \(key)")
        }
        let json = await sut.send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k", json: #"{"grantType":"refresh_token","refreshToken":"\#(refresh)"}"#)
        #expect(json.object["user_id"] == signUp.object["localId"])
        #expect(
            await sut.send(
                "POST", "/securetoken.googleapis.com/v1/token?key=k", json: #"{"grantType":"refresh_token","refreshToken":"nope"}"#
            )
            .firebaseMessage == "INVALID_REFRESH_TOKEN")
    }

    @Test("errors use the Google envelope: missing key 403, bad JSON 400 INVALID_ARGUMENT, unknown method 404")
    func errors() async throws {
        let sut = try await EmulatorHarness.make()
        let noKey = await sut.send("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", json: "{}")
        #expect(noKey.status == 403)
        #expect(noKey.object["error"]?.objectValue?["status"] == .string("PERMISSION_DENIED"))
        let badJSON = await sut.firebase("accounts:signUp", json: "{nope")
        #expect(badJSON.status == 400)
        #expect(badJSON.firebaseMessage?.hasPrefix("INVALID_ARGUMENT") == true)
        #expect(badJSON.object["error"]?.objectValue?["errors"]?.arrayValue?.first?.objectValue?["reason"] == .string("invalid"))
        let wrongType = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", json: "{}", contentType: "text/xml")
        #expect(wrongType.status == 400)
        #expect(await sut.firebase("accounts:teleport", json: "{}").status == 404)
        #expect(await sut.send("GET", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k").status == 405)
    }

    @Test("admin routes need Bearer owner; the emulator routes list oob codes and wipe accounts")
    func adminAndEmulatorRoutes() async throws {
        let sut = try await EmulatorHarness.make()
        let base = "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)"
        #expect(await sut.send("POST", base + "/accounts", json: #"{"email":"admin@example.com"}"#).status == 401)
        let created = await sut.send(
            "POST", base + "/accounts", json: #"{"email":"admin@example.com","displayName":"Admin"}"#,
            headers: ["authorization": "Bearer owner"])
        let localId = try #require(created.object["localId"]?.stringValue)
        let lookup = await sut.send(
            "POST", base + "/accounts:lookup", json: #"{"localId":["\#(localId)"]}"#, headers: ["authorization": "Bearer owner"])
        #expect(lookup.object["users"]?.arrayValue?.first?.objectValue?["displayName"] == .string("Admin"))

        _ = await sut.firebase(
            "accounts:sendOobCode",
            json: #"{"requestType":"EMAIL_SIGNIN","email":"link@example.com","continueUrl":"http://localhost","canHandleCodeInApp":true}"#)
        let codes = await sut.send("GET", "/emulator/v1/projects/\(sut.project)/oobCodes")
        #expect(codes.object["oobCodes"]?.arrayValue?.first?.objectValue?["email"] == .string("link@example.com"))

        #expect(await sut.send("DELETE", "/emulator/v1/projects/\(sut.project)/accounts").status == 200)
        let gone = await sut.send(
            "POST", base + "/accounts:lookup", json: #"{"localId":["\#(localId)"]}"#, headers: ["authorization": "Bearer owner"])
        #expect(gone.object["users"] == nil)
        #expect(await sut.send("GET", "/emulator/v1/projects/other-project/oobCodes").status == 404)
    }
}

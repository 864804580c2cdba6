import AuthData
import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

@Suite("Emulator: Supabase Auth routes")
struct SupabaseRouteTests {
    @Test("id_token sign-in returns the session shape the official clients require")
    func sessionShape() async throws {
        let sut = try await EmulatorHarness.make()
        let (token, nonce) = try await sut.appleToken()
        let response = await sut.supabase(
            "POST", "token?grant_type=id_token",
            json: #"{"provider":"apple","id_token":"\#(token)","nonce":"\#(nonce)","gotrue_meta_security":{"captcha_token":null}}"#)
        #expect(response.status == 200)
        let session = response.object
        for key in ["access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"] {
            #expect(session[key] != nil, "missing \(key)")
        }
        #expect(session["token_type"] == .string("bearer"))
        #expect(session["expires_in"]?.intValue == 3600)
        let user = try #require(session["user"]?.objectValue)
        for key in [
            "id", "aud", "role", "email", "phone", "app_metadata", "user_metadata", "identities", "created_at", "updated_at",
            "is_anonymous",
        ] {
            #expect(user[key] != nil, "missing user.\(key)")
        }
        #expect(UUID(uuidString: user["id"]?.stringValue ?? "") != nil)
        let appMetadata = try #require(user["app_metadata"]?.objectValue)
        #expect(appMetadata["provider"] == .string("apple"))
        #expect(appMetadata["providers"] == .array([.string("apple")]))
        #expect(appMetadata.count == 2)
        let identity = try #require(user["identities"]?.arrayValue?.first?.objectValue)
        for key in ["identity_id", "id", "user_id", "identity_data", "provider", "created_at"] {
            #expect(identity[key] != nil, "missing identity.\(key)")
        }
        #expect(response.header("X-Supabase-Api-Version") == nil, "GoTrue echoes the version on errors only (internal/api/errors.go)")
    }

    @Test(
        """
        a new user's timestamps are GoTrue's instants (api/external.go, tokens/service.go): all different, in write order; confirmed_at\
         only once read back
        """
    )
    func newUserInstants() async throws {
        let sut = try await EmulatorHarness.make()
        let user = try #require(try await sut.appleSession()["user"]?.objectValue)
        let identity = try #require(user["identities"]?.arrayValue?.first?.objectValue)
        let order = [
            user["created_at"], identity["last_sign_in_at"], identity["created_at"], user["email_confirmed_at"], user["last_sign_in_at"],
            user["updated_at"],
        ]
        .map { $0?.stringValue ?? "" }
        #expect(order.allSatisfy { !$0.isEmpty } && order == order.sorted() && Set(order).count == order.count, "\(order)")
        #expect(user["confirmed_at"] == nil, "the id_token grant reloads the new user before confirming it")
        sut.world.clock.advance(by: 60)
        let returning = try #require(try await sut.appleSession()["user"]?.objectValue)
        #expect(returning["confirmed_at"] == user["email_confirmed_at"])
        #expect(returning["created_at"] == user["created_at"])
    }

    @Test("errors use the 2024-01-01 shape with the header, the legacy shape without, and the OAuth shape for id tokens")
    func errorShapes() async throws {
        let sut = try await EmulatorHarness.make()
        let versioned = await sut.supabase("POST", "otp", json: #"{"email":"not-an-email"}"#)
        #expect(versioned.status == 400)
        #expect(
            versioned.object == [
                "code": .string("validation_failed"), "message": .string("Unable to validate email address: invalid format"),
            ])
        #expect(versioned.header("x-sb-error-code") == "validation_failed")

        let legacy = await sut.supabase("POST", "otp", json: #"{"email":"not-an-email"}"#, versioned: false)
        #expect(legacy.object["code"] == .int(400))
        #expect(legacy.object["error_code"] == .string("validation_failed"))
        #expect(legacy.object["msg"] != nil)

        let (token, _) = try await sut.appleToken()
        let oauth = await sut.supabase("POST", "token?grant_type=id_token", json: #"{"provider":"apple","id_token":"\#(token)"}"#)
        #expect(oauth.status == 400)
        #expect(
            oauth.object == [
                "error": .string("invalid request"),
                "error_description": .string("Passed nonce and nonce in id_token should either both exist or not."),
            ])
    }

    @Test("malformed JSON, an empty body and a wrong content type are bad_json, never a crash")
    func badBodies() async throws {
        let sut = try await EmulatorHarness.make()
        for body in ["{", "[1,2", "{\"email\":1}", "null", "{\"a\":1,\"a\":2}"] {
            let response = await sut.supabase("POST", "otp", json: body)
            #expect(response.status == 400, "\(body)")
            #expect(response.object["code"] == .string("bad_json"), "\(body)")
        }
        #expect(await sut.supabase("POST", "signup").object["code"] == .string("bad_json"))
        let wrongType = await sut.send(
            "POST", "/auth/v1/otp", json: #"{"email":"a@example.com"}"#,
            headers: ["apikey": sut.emulator.anonKey], contentType: "text/plain")
        #expect(wrongType.object["error_code"] == .string("bad_json"))
        for odd in ["", ";", " ; charset=utf-8", "text/plain;"] {
            let response = await sut.send(
                "POST", "/auth/v1/otp", json: #"{"email":"a@example.com"}"#,
                headers: ["apikey": sut.emulator.anonKey], contentType: odd)
            #expect(response.object["error_code"] == .string("bad_json"), "content type \"\(odd)\"")
        }
        let parameters = await sut.send(
            "POST", "/auth/v1/otp", json: #"{"email":"a@example.com"}"#,
            headers: ["apikey": sut.emulator.anonKey], contentType: " Application/JSON ; charset=utf-8")
        #expect(parameters.status == 200, "media types compare without case, spaces or parameters")
    }

    @Test("unknown routes are 404 and wrong methods 405, in the service's shape")
    func unknownRoutes() async throws {
        let sut = try await EmulatorHarness.make()
        let missing = await sut.supabase("GET", "nope")
        #expect(missing.status == 404)
        #expect(missing.object["code"] == .string("not_found"))
        let wrongMethod = await sut.supabase("DELETE", "token")
        #expect(wrongMethod.status == 405)
    }

    @Test("the API gateway refuses a missing or unknown apikey")
    func apiKey() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await sut.send("GET", "/auth/v1/health").status == 401)
        #expect(await sut.send("GET", "/auth/v1/health", headers: ["apikey": "wrong"]).status == 401)
        let health = await sut.supabase("GET", "health")
        #expect(health.status == 200)
        #expect(health.object["name"] == .string("GoTrue"))
        #expect(await sut.supabase("GET", "settings").object["external"]?.objectValue?["apple"] == .bool(true))
        #expect(await sut.supabase("GET", ".well-known/jwks.json").object["keys"] == .array([]))
    }

    @Test("protected routes: no token 401 no_authorization; garbage 403 bad_jwt; signed out session 403 session_not_found")
    func protectedRoutes() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await sut.supabase("GET", "user").object["code"] == .string("no_authorization"))
        #expect(await sut.supabase("GET", "user", bearer: "a.b.c").object["code"] == .string("bad_jwt"))
        let anonymous = await sut.supabase("POST", "signup", json: "{}")
        let token = try #require(anonymous.object["access_token"]?.stringValue)
        #expect(await sut.supabase("GET", "user", bearer: token).object["is_anonymous"] == .bool(true))
        let logout = await sut.supabase("POST", "logout?scope=local", bearer: token)
        #expect(logout.status == 204 && logout.body.isEmpty)
        let after = await sut.supabase("GET", "user", bearer: token)
        #expect(after.status == 403)
        #expect(after.object["code"] == .string("session_not_found"))
    }

    @Test("OTP: the code in the mailbox verifies; /otp answers an object")
    func otp() async throws {
        let sut = try await EmulatorHarness.make()
        let sent = await sut.supabase(
            "POST", "otp", json: #"{"email":"otp@example.com","create_user":true,"data":{},"code_challenge":null}"#)
        #expect(sent.status == 200 && sent.object == [:])
        let mailbox = await sut.send("GET", "/mailbox/otp@example.com")
        let code = try #require((try? StrictJSONParser.parse(mailbox.body))?.arrayValue?.last?.objectValue?["code"]?.stringValue)
        let verified = await sut.supabase(
            "POST", "verify", json: #"{"type":"email","email":"otp@example.com","token":"\#(code)","options":{}}"#)
        #expect(verified.status == 200)
        #expect(verified.object["user"]?.objectValue?["email"] == .string("otp@example.com"))
    }
}

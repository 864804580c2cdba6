import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthWebAuthn
import Foundation
import Testing

/// GoTrue's passkey routes over the emulator, with the software authenticator: internal/api/api.go
/// (the routes and their middleware), passkey_registration.go, passkey_authentication.go,
/// passkey_manage.go, passkey_admin.go, internal/conf/configuration.go (`MaxPasskeysPerUser` 10,
/// `ChallengeExpiryDuration` 5m).
@Suite("Emulator: Supabase passkeys")
struct SupabasePasskeyRouteTests {
    @Test("register then sign in without a username: a session with amr passkey for the same user; the counter and last_used_at move")
    func registerThenSignIn() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        let registered = try await harness.register(user.bearer)
        #expect(registered.status == 200)
        let passkeyID = try #require(registered.object["id"]?.stringValue)
        #expect(registered.object["friendly_name"] == .string("Passkey"), "an unknown AAGUID's name (internal/utilities/passkey_name.go)")
        #expect(registered.object["created_at"]?.stringValue != nil)

        let session = try await harness.signIn()
        #expect(session.status == 200)
        #expect(session.object["user"]?.objectValue?["id"] == .string(user.id))
        let token = try #require(session.object["access_token"]?.stringValue)
        #expect(try CompactJWS(parsing: token).payload["amr"]?.arrayValue?.first?.objectValue?["method"] == .string("passkey"))
        #expect(try await harness.signIn().status == 200, "a second sign-in with a grown counter")

        let list = await harness.sut.supabase("GET", "passkeys", bearer: user.bearer)
        let item = try #require(try StrictJSONParser.parse(list.body).arrayValue?.first?.objectValue)
        #expect(item["id"] == .string(passkeyID))
        #expect(item["last_used_at"]?.stringValue != nil)
        let stored = try harness.sut.world.services.supabase.storage.fetch { $0.supabase.passkeys.passkeys(userID: user.id) }
        #expect(stored.first?.signCount == 3, "registration at 1, then two assertions")
    }

    @Test("the options are go-webauthn's with GoTrue's choices; a second registration excludes the first credential")
    func options() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        let first = try await harness.registrationOptions(user.bearer).options
        #expect(first["rp"] == .object(["name": .string("Test App"), "id": .string("localhost")]))
        #expect(first["user"]?.objectValue?["id"] == .string(Base64URL.encode(Array(user.id.utf8))), "the handle is the UUID's text")
        #expect(first["user"]?.objectValue?["name"] == .string("ada@example.com"))
        #expect(first["authenticatorSelection"]?.objectValue?["residentKey"] == .string("required"))
        #expect(first["authenticatorSelection"]?.objectValue?["userVerification"] == .string("preferred"))
        #expect(first["attestation"] == .string("none"))
        #expect(first["pubKeyCredParams"]?.arrayValue?.compactMap { $0.objectValue?["alg"]?.intValue } == [-7, -257])
        #expect(first["excludeCredentials"] == nil)
        #expect(try await harness.register(user.bearer).status == 200)
        let second = try await harness.registrationOptions(user.bearer).options
        let excluded = try #require(second["excludeCredentials"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
        #expect(excluded == Base64URL.encode(try await harness.storedPasskey().credentialID))

        let signIn = await harness.sut.supabase("POST", "passkeys/authentication/options")
        let options = try #require(signIn.object["options"]?.objectValue)
        #expect(options["rpId"] == .string("localhost") && options["allowCredentials"] == nil, "discoverable: no allowCredentials")
        let expiresAt = try #require(signIn.object["expires_at"]?.intValue)
        #expect(expiresAt == Int64(harness.sut.world.clock.now.timeIntervalSince1970) + 300)
    }

    @Test("packed self-attestation registers too")
    func packedSelfAttestation() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        #expect(try await harness.register(user.bearer, attestation: .packedSelf).status == 200)
        #expect(try await harness.signIn().status == 200)
    }

    @Test("a challenge expires after GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION (5m), and is spent by the attempt")
    func challengeExpiry() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        #expect(try await harness.register(user.bearer).status == 200)
        let options = try await harness.signInOptions()
        let assertion = try await harness.authenticator.assert(
            rpID: SupabasePasskeyHarness.rpID, origin: SupabasePasskeyHarness.origin, challenge: options.challenge, allowCredentials: [])
        harness.sut.world.clock.advance(by: 301)
        let late = await harness.verify(options.id, assertion)
        #expect(late.supabaseError == (400, "webauthn_challenge_expired"))
        #expect(await harness.verify(options.id, assertion).supabaseError == (400, "webauthn_challenge_not_found"))
    }

    @Test("at most GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER passkeys (10): the next options call is 422 too_many_passkeys")
    func limit() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        for _ in 0..<10 { #expect(try await harness.register(user.bearer).status == 200) }
        let refused = await harness.sut.supabase("POST", "passkeys/registration/options", bearer: user.bearer)
        #expect(refused.supabaseError == (422, "too_many_passkeys"))
    }

    @Test("passkeys off: every route is 404 passkey_disabled (requirePasskeyEnabled)")
    func disabled() async throws {
        let harness = try await SupabasePasskeyHarness.make { $0.enabled = false }
        let user = try await harness.user()
        for (method, path) in [
            ("POST", "passkeys/authentication/options"), ("POST", "passkeys/registration/options"),
            (
                "GET",
                "passkeys"
            ),
        ] {
            #expect(await harness.sut.supabase(method, path, bearer: user.bearer).supabaseError == (404, "passkey_disabled"), "\(path)")
        }
    }

    @Test("an anonymous user cannot register (requireNotAnonymous: 403 no_authorization); no token is 401")
    func anonymousAndUnauthenticated() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let anonymous = await harness.sut.supabase("POST", "signup", json: "{}")
        let bearer = try #require(anonymous.object["access_token"]?.stringValue)
        #expect(
            await harness.sut.supabase("POST", "passkeys/registration/options", bearer: bearer).supabaseError == (
                403,
                "no_authorization"
            ))
        #expect(await harness.sut.supabase("POST", "passkeys/registration/options").supabaseError == (401, "no_authorization"))
    }

    @Test("an unconfirmed user's sign-in is 403 email_not_confirmed, a banned user's 403 user_banned")
    func unconfirmedAndBanned() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let user = try await harness.user()
        #expect(try await harness.register(user.bearer).status == 200)
        let storage = harness.sut.world.services.supabase.storage
        try storage.update { rows in
            guard var record = rows.supabase.user(user.id) else { return }
            record.emailConfirmedAt = nil
            rows.supabase.save(record)
        }
        #expect(try await harness.signIn().supabaseError == (403, "email_not_confirmed"))
        try storage.update { rows in
            guard var record = rows.supabase.user(user.id) else { return }
            record.emailConfirmedAt = harness.sut.world.clock.now
            record.bannedUntil = harness.sut.world.clock.now.addingTimeInterval(3600)
            rows.supabase.save(record)
        }
        #expect(try await harness.signIn().supabaseError == (403, "user_banned"))
    }

    @Test("verify checks its parameters in GoTrue's order")
    func verifyParameters() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let cases: [(String, String)] = [
            (#"{"credential":{}}"#, "challenge_id is required"), (#"{"challenge_id":"x"}"#, "credential is required"),
            (#"{"challenge_id":"x","credential":{}}"#, "challenge_id must be a valid UUID"),
        ]
        for (body, message) in cases {
            let response = await harness.sut.supabase("POST", "passkeys/authentication/verify", json: body)
            #expect(response.supabaseError == (400, "validation_failed") && response.object["message"] == .string(message), "\(body)")
        }
        let unknown = await harness.sut.supabase(
            "POST", "passkeys/authentication/verify", json: #"{"challenge_id":"\#(UUID().uuidString)","credential":{}}"#)
        #expect(unknown.supabaseError == (400, "webauthn_challenge_not_found"))
        #expect(
            await harness.sut.supabase(
                "POST", "passkeys/authentication/verify",
                json: #"{"challenge_id":1}"#
            ).supabaseError == (400, "bad_json"))
    }

    @Test("rename and delete your own passkeys only; friendly_name is 1 to 120 bytes")
    func manage() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let ada = try await harness.user()
        let grace = try await harness.user("grace@example.com")
        let id = try #require(try await harness.register(ada.bearer).object["id"]?.stringValue)
        let renamed = await harness.sut.supabase("PATCH", "passkeys/\(id)", json: #"{"friendly_name":"Laptop"}"#, bearer: ada.bearer)
        #expect(renamed.status == 200 && renamed.object["friendly_name"] == .string("Laptop"))
        let empty = await harness.sut.supabase("PATCH", "passkeys/\(id)", json: #"{"friendly_name":""}"#, bearer: ada.bearer)
        #expect(empty.supabaseError == (400, "validation_failed"))
        let long = String(repeating: "x", count: 121)
        #expect(
            await harness.sut.supabase(
                "PATCH", "passkeys/\(id)", json: #"{"friendly_name":"\#(long)"}"#,
                bearer: ada.bearer
            ).supabaseError
                == (400, "validation_failed"))
        #expect(
            await harness.sut.supabase(
                "PATCH", "passkeys/\(id)", json: #"{"friendly_name":"Mine"}"#,
                bearer: grace.bearer
            ).supabaseError
                == (404, "validation_failed"), "Passkey not found: another user's")
        #expect(await harness.sut.supabase("DELETE", "passkeys/\(id)", bearer: grace.bearer).supabaseError == (404, "validation_failed"))
        #expect(
            await harness.sut.supabase("DELETE", "passkeys/not-a-uuid", bearer: ada.bearer).supabaseError == (
                404,
                "validation_failed"
            ))
        #expect(await harness.sut.supabase("DELETE", "passkeys/\(id)", bearer: ada.bearer).status == 204)
        #expect(String(decoding: await harness.sut.supabase("GET", "passkeys", bearer: ada.bearer).body, as: UTF8.self) == "[]")
        #expect(try await harness.signIn().supabaseError == (400, "webauthn_verification_failed"), "a deleted passkey no longer signs in")
    }

    @Test("the admin lists and deletes a user's passkeys with the service role; a user's token is not_admin")
    func admin() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let ada = try await harness.user()
        let id = try #require(try await harness.register(ada.bearer).object["id"]?.stringValue)
        let admin = try harness.sut.world.services.supabase.serviceRoleKey()
        #expect(
            await harness.sut.supabase("GET", "admin/users/\(ada.id)/passkeys", bearer: ada.bearer).supabaseError == (
                403,
                "not_admin"
            ))
        let listed = await harness.sut.supabase("GET", "admin/users/\(ada.id)/passkeys", bearer: admin)
        #expect(try StrictJSONParser.parse(listed.body).arrayValue?.first?.objectValue?["id"] == .string(id))
        #expect(
            await harness.sut.supabase("GET", "admin/users/\(UUID().uuidString)/passkeys", bearer: admin).supabaseError
                == (404, "user_not_found"))
        #expect(await harness.sut.supabase("DELETE", "admin/users/\(ada.id)/passkeys/\(id)", bearer: admin).status == 204)
        #expect(
            await harness.sut.supabase("DELETE", "admin/users/\(ada.id)/passkeys/\(id)", bearer: admin).supabaseError
                == (404, "validation_failed"))
    }
}

import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// The console's actions: each a form POST with the console's token, each visible on the wire
/// the way the service itself would show it.
@Suite("Console: actions")
struct ConsoleActionTests {
    @Test("a POST without the token, or with another, is refused and changes nothing")
    func tokenRequired() async throws {
        let sut = try await EmulatorHarness.make()
        let user = try #require(try await sut.appleSession()["user"]?.objectValue?["id"]?.stringValue)
        let path = sut.consolePath(supabase: user) + "/delete"
        let bare = await sut.console("POST", path, form: [])
        #expect(bare.status == 403)
        #expect(bare.text.contains("token is missing or wrong"))
        #expect(await sut.console("POST", path, form: [("csrf_token", "guessed")]).status == 403)
        #expect(await sut.console("POST", "/console/reset", form: [("confirm", "yes")]).status == 403)
        let token = try await sut.consoleToken()
        let json = await sut.send("POST", path, json: #"{"csrf_token":"\#(token)"}"#)
        #expect(json.status == 403, "the token counts only in a form")
        #expect(await sut.console("GET", sut.consolePath(supabase: user)).status == 200, "still there")

        let deleted = try await sut.consolePost(path)
        #expect(deleted.status == 303 && deleted.header("Location") == "/console?done=delete")
        #expect(await sut.console("GET", sut.consolePath(supabase: user)).status == 404)
        #expect(await sut.console("GET", "/console?done=delete").text.contains("The user was deleted."))
    }

    @Test("Supabase: ending sessions signs every device out; expiring them stops refreshes with session_expired")
    func supabaseSessions() async throws {
        let sut = try await EmulatorHarness.make()
        let first = try await sut.appleSession()
        let user = try #require(first["user"]?.objectValue?["id"]?.stringValue)
        let done = try await sut.consolePost(sut.consolePath(supabase: user) + "/expire-sessions")
        #expect(done.status == 303)
        let expired = await sut.supabaseRefresh(first)
        #expect(expired.status == 400 && expired.object["code"] == .string("session_expired"))
        #expect(await sut.supabase("GET", "user", bearer: first["access_token"]?.stringValue).status == 200, "access tokens last until exp")
        let page = await sut.console("GET", done.header("Location") ?? "").text
        #expect(page.contains("(expired)") && page.contains("Every session of the user expired."))

        let second = try await sut.appleSession()
        #expect(try await sut.consolePost(sut.consolePath(supabase: user) + "/end-sessions").status == 303)
        #expect(await sut.supabaseRefresh(second).object["code"] == .string("refresh_token_not_found"))
        #expect(
            await sut.supabase("GET", "user", bearer: second["access_token"]?.stringValue).object["code"] == .string("session_not_found"))
        #expect(await sut.console("GET", sut.consolePath(supabase: user)).text.contains("the user is signed in nowhere"))
    }

    @Test("Firebase: ending sessions forgets the refresh tokens; expiring them moves validSince")
    func firebaseSessions() async throws {
        let sut = try await EmulatorHarness.make()
        let first = try await sut.firebaseAppleSession()
        let user = try #require(first["localId"]?.stringValue)
        let path = sut.consolePath(firebase: user)
        #expect(await sut.firebaseRefresh(first).status == 200)
        #expect(await sut.console("GET", path).text.contains("validSince"))
        sut.world.clock.advance(by: 5)
        #expect(try await sut.consolePost(path + "/expire-sessions").status == 303)
        #expect(await sut.firebaseRefresh(first).firebaseMessage == "TOKEN_EXPIRED")
        #expect(await sut.console("GET", path).text.contains("(expired)"))

        sut.world.clock.advance(by: 400)
        let second = try await sut.firebaseAppleSession()
        #expect(await sut.firebaseRefresh(second).status == 200)
        #expect(try await sut.consolePost(path + "/end-sessions").status == 303)
        #expect(await sut.firebaseRefresh(second).firebaseMessage == "INVALID_REFRESH_TOKEN")
    }

    @Test("ban and unban: Supabase answers user_banned, Firebase USER_DISABLED, until lifted")
    func banning() async throws {
        let sut = try await EmulatorHarness.make()
        let supabase = try await sut.appleSession()
        let supabasePath = sut.consolePath(supabase: try #require(supabase["user"]?.objectValue?["id"]?.stringValue))
        #expect(try await sut.consolePost(supabasePath + "/ban").status == 303)
        #expect(await sut.supabaseRefresh(supabase).object["code"] == .string("user_banned"))
        let banned = await sut.console("GET", supabasePath).text
        #expect(banned.contains("yes, until") && banned.contains(">Unban</button>"))
        #expect(try await sut.consolePost(supabasePath + "/unban").status == 303)
        #expect(await sut.supabaseRefresh(supabase).status == 200)

        let firebase = try await sut.firebaseAppleSession(email: "grace@example.com")
        let firebasePath = sut.consolePath(firebase: try #require(firebase["localId"]?.stringValue))
        #expect(try await sut.consolePost(firebasePath + "/ban").status == 303)
        #expect(await sut.firebaseRefresh(firebase).firebaseMessage == "USER_DISABLED")
        #expect(await sut.console("GET", firebasePath).text.contains("yes (disabled)"))
        #expect(try await sut.consolePost(firebasePath + "/unban").status == 303)
        #expect(await sut.firebaseRefresh(firebase).status == 200)
        #expect(try await sut.consolePost(firebasePath + "/delete").status == 303)
        #expect(await sut.console("GET", firebasePath).status == 404)
        #expect(try await sut.consolePost(firebasePath + "/ban").status == 404)
    }

    @Test("revoking the app's Apple authorization makes the next Apple sign-in a first one")
    func revokeApple() async throws {
        let sut = try await EmulatorHarness.make()
        let apple = sut.world.services.apple
        let user = try #require(try await sut.appleSession()["user"]?.objectValue?["id"]?.stringValue)
        #expect(await !apple.isFirstAuthorization(appleID: "ada@example.com", clientID: sut.world.appleClientID))
        let path = sut.consolePath(supabase: user)
        let page = await sut.console("GET", path).text
        #expect(page.contains("Apps using Apple ID") && page.contains(">active</td>") && page.contains(">Revoke</button>"))

        let revoked = try await sut.consolePost(path + "/revoke-apple", [("client_id", sut.world.appleClientID)])
        #expect(revoked.status == 303 && revoked.header("Location") == path + "?done=revoke-apple")
        #expect(await apple.isFirstAuthorization(appleID: "ada@example.com", clientID: sut.world.appleClientID))
        #expect(await sut.console("GET", path).text.contains(">revoked <time"))
        let again = try await sut.consolePost(path + "/revoke-apple", [("client_id", sut.world.appleClientID)])
        #expect(again.status == 409 && again.text.contains("no active authorization"))
        #expect(try await sut.consolePost(path + "/revoke-apple").status == 404, "which app is required")

        let next = try await apple.authorize(
            AppleSheetRequest(
                clientID: sut.world.appleClientID, appleID: "ada@example.com",
                name: PersonName(givenName: "Ada", familyName: nil)))
        #expect(next.email != nil && next.fullName != nil, "name and email come again, as on a first authorization")
    }

    @Test("reset forgets users, sessions and mail of both services and keeps the keys; it asks for a confirmation")
    func reset() async throws {
        let sut = try await EmulatorHarness.make()
        let session = try await sut.appleSession()
        _ = try await sut.firebaseAppleSession()
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"mail@example.com"}"#).status == 200)
        #expect(try await sut.consolePost("/console/reset").status == 400)
        #expect(await sut.console("GET", "/console").tableRows == 3, "Ada on each service, and the address the code went to")

        let reset = try await sut.consolePost("/console/reset", [("confirm", "yes")])
        #expect(reset.status == 303 && reset.header("Location") == "/console?done=reset")
        #expect(await sut.console("GET", "/console").text.contains("No users yet"))
        #expect(await sut.console("GET", "/console/mail").text.contains("No mail yet"))
        #expect(await sut.supabaseRefresh(session).object["code"] == .string("refresh_token_not_found"))
        #expect(await sut.world.services.apple.isFirstAuthorization(appleID: "ada@example.com", clientID: sut.world.appleClientID))
        #expect(await sut.supabase("POST", "signup", json: "{}").status == 200, "the anon key still works")
        #expect(try await sut.appleSession()["user"] != nil, "the providers' keys still verify")
    }
}

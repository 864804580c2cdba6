import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// The console creates users and edits their metadata and claims, and shows what the wire then
/// shows: a Supabase user's `app_metadata` (GoTrue api/admin.go `adminUserUpdate`, the claim an
/// app's membership check reads), a Firebase user's custom claims in its ID tokens
/// (firebase-tools src/emulator/auth `setAccountInfo`'s `customAttributes`).
@Suite("Console: create and edit")
struct ConsoleEditTests {
    @Test("Supabase: app_metadata is shown; edited as JSON, it replaces the whole and the next refresh's token carries it")
    func supabaseMetadata() async throws {
        let sut = try await EmulatorHarness.make()
        let session = try await sut.appleSession()
        let user = try #require(session["user"]?.objectValue?["id"]?.stringValue)
        let path = sut.consolePath(supabase: user)
        #expect(await sut.console("GET", path).text.contains("app_metadata"))

        let saved = try await sut.consolePost(
            path + "/metadata",
            [
                ("app_metadata", #"{"org": "acme", "provider": "forged"}"#),
                ("user_metadata", #"{"full_name": "Ada <b>L</b>"}"#),
            ])
        #expect(saved.status == 303)
        let page = await sut.console("GET", saved.header("Location") ?? "").text
        #expect(page.contains("The metadata is saved"))
        #expect(page.contains("Ada &lt;b&gt;L&lt;/b&gt;") && !page.contains("Ada <b>"), "escaped")
        let refreshed = await sut.supabaseRefresh(session)
        let claims = try #require(refreshed.object["user"]?.objectValue)
        #expect(claims["app_metadata"]?.objectValue?["org"] == .string("acme"))
        #expect(claims["app_metadata"]?.objectValue?["provider"] == .string("apple"), "provider stays what the identities say")
        #expect(claims["user_metadata"]?.objectValue?["email"] == nil, "replaced as a whole")
    }

    @Test("metadata that is not a JSON object is refused with the field named, and changes nothing", arguments: ["[1]", "{", "\"x\""])
    func invalidJSON(text: String) async throws {
        let sut = try await EmulatorHarness.make()
        let user = try #require(try await sut.appleSession()["user"]?.objectValue?["id"]?.stringValue)
        let refused = try await sut.consolePost(sut.consolePath(supabase: user) + "/metadata", [("user_metadata", text)])
        #expect(refused.status == 409)
        #expect(refused.text.contains("user_metadata is not a JSON object"))
        #expect(await sut.console("GET", sut.consolePath(supabase: user)).text.contains("appleid.apple.com"), "unchanged")
    }

    @Test("Firebase: custom claims edited in the console reach the next ID token; a reserved claim is refused")
    func firebaseClaims() async throws {
        let sut = try await EmulatorHarness.make()
        let session = try await sut.firebaseAppleSession()
        let user = try #require(session["localId"]?.stringValue)
        let path = sut.consolePath(firebase: user)
        #expect(try await sut.consolePost(path + "/metadata", [("custom_claims", #"{"org": "acme"}"#)]).status == 303)
        let refreshed = await sut.firebaseRefresh(session)
        let token = try #require(refreshed.object["id_token"]?.stringValue)
        #expect(try CompactJWS(parsing: token).payload["org"] == .string("acme"))
        let reserved = try await sut.consolePost(path + "/metadata", [("custom_claims", #"{"sub": "someone-else"}"#)])
        #expect(reserved.status == 409, "\(reserved.text)")
    }

    @Test("create a user in either service: confirmed email, no password; an email in use is refused", arguments: ["supabase", "firebase"])
    func create(service: String) async throws {
        let sut = try await EmulatorHarness.make()
        let segment = service == "supabase" ? "supabase" : "firebase:\(sut.project)"
        #expect(await sut.console("GET", "/console").text.contains("value=\"\(segment)\""))
        let created = try await sut.consolePost("/console/users", [("service", segment), ("email", "new@example.com")])
        #expect(created.status == 303)
        let location = try #require(created.header("Location"))
        #expect(location.hasPrefix("/console/users/\(segment)/") && location.hasSuffix("?done=create"))
        let page = await sut.console("GET", location).text
        #expect(page.contains("new@example.com (verified)") && page.contains("The user is created"))
        let again = try await sut.consolePost("/console/users", [("service", segment), ("email", "new@example.com")])
        #expect(again.status == 409, "\(again.text)")
        #expect(try await sut.consolePost("/console/users", [("service", "nowhere"), ("email", "x@example.com")]).status == 400)
    }
}

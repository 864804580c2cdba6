import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Bans after GoTrue's api/admin.go (`ban_duration`, `time.ParseDuration`), models/user.go `Ban`
/// (sessions untouched), tokens/service.go (refresh) and api/auth.go (every authenticated route).
@Suite("Emulator: Supabase bans")
struct SupabaseBanRouteTests {
    private func ban(_ sut: EmulatorHarness, _ userID: String, _ duration: String) async -> EmulatorResponse {
        await sut.supabase("PUT", "admin/users/\(userID)", json: #"{"ban_duration":"\#(duration)"}"#, bearer: sut.emulator.serviceRoleKey)
    }

    @Test("a banned user keeps the session: refresh answers 400 user_banned, /user 403 user_banned; after the ban both work again")
    func banKeepsSessions() async throws {
        let sut = try await EmulatorHarness.make()
        let session = try await sut.appleSession()
        let userID = try #require(session["user"]?.objectValue?["id"]?.stringValue)
        let token = try #require(session["access_token"]?.stringValue)
        let refresh = try #require(session["refresh_token"]?.stringValue)

        let banned = await ban(sut, userID, "1h30m")
        #expect(banned.status == 200 && banned.object["banned_until"] != nil)
        let refreshed = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(refresh)"}"#)
        #expect(refreshed.status == 400)
        #expect(refreshed.object == ["code": .string("user_banned"), "message": .string("Invalid Refresh Token: User Banned")])
        let user = await sut.supabase("GET", "user", bearer: token)
        #expect(user.status == 403 && user.object == ["code": .string("user_banned"), "message": .string("User is banned")])

        sut.world.clock.advance(by: 5401)
        #expect(await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(refresh)"}"#).status == 200)
        _ = await ban(sut, userID, "none")
    }

    @Test(
        "durations Go refuses, negative ones and out-of-range ones are 400 validation_failed and never stored",
        arguments: ["1d", "24", "1e308h", "infh", "nanh", "-1h", "2562048h", ""])
    func badDurations(duration: String) async throws {
        let sut = try await EmulatorHarness.make()
        let userID = try #require(try await sut.appleSession()["user"]?.objectValue?["id"]?.stringValue)
        let response = await ban(sut, userID, duration)
        if duration.isEmpty {
            #expect(response.status == 200 && response.object["banned_until"] == nil, "an empty ban_duration leaves the ban as it is")
            return
        }
        #expect(response.status == 400)
        #expect(response.object["code"] == .string("validation_failed"))
        #expect(response.object["message"]?.stringValue?.hasPrefix("invalid format for ban duration: ") == true)
        #expect(sut.world.services.storedSupabaseUsers[userID]?.bannedUntil == nil)
    }

    @Test("the longest ban Go can express is stored and reads back")
    func longestBan() async throws {
        let sut = try await EmulatorHarness.make()
        let userID = try #require(try await sut.appleSession()["user"]?.objectValue?["id"]?.stringValue)
        #expect(await ban(sut, userID, "2562047h").status == 200)
        let until = try #require(sut.world.services.storedSupabaseUsers[userID]?.bannedUntil)
        #expect(until.timeIntervalSince(sut.world.clock.clock.now()) > 290 * 365 * 86_400)
    }
}

import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Access tokens on every route that takes one (issue 14 item 6): signature and `exp` as GoTrue
/// (api/auth.go, golang-jwt), and, stricter on purpose, `aud`, `iss` and a `session_id` of the
/// token's own user; the admin routes check `exp` too.
@Suite("Emulator: Supabase access-token checks")
struct SupabaseAccessTokenTests {
    private func resign(_ sut: EmulatorHarness, _ token: String, _ edit: (inout JSONObject) -> Void) throws -> String {
        var claims = TokenForge.decode(token).claims
        edit(&claims)
        return try sut.world.services.supabase.configuration.accessTokenKey.sign(claims)
    }

    private static let routes: [(String, String, String?)] = [
        ("GET", "user", nil), ("PUT", "user", #"{"data":{}}"#), ("POST", "logout?scope=local", nil),
        ("DELETE", "user/identities/\(UUID())", nil), ("GET", "reauthenticate", nil),
    ]

    @Test(
        "expired, wrong audience, wrong issuer, no session_id, no exp: 403 bad_jwt on every route",
        arguments: [
            "expired", "audience", "issuer", "no session", "no exp",
        ])
    func refused(change: String) async throws {
        let sut = try await EmulatorHarness.make()
        let token = try #require(try await sut.appleSession()["access_token"]?.stringValue)
        let now = Int64(sut.world.clock.now.timeIntervalSince1970)
        let forged = try resign(sut, token) { claims in
            switch change {
            case "expired": claims["exp"] = .int(now - 1)
            case "audience": claims["aud"] = .string("anon")
            case "issuer": claims["iss"] = .string("https://attacker.example/auth/v1")
            case "no session": claims["session_id"] = nil
            default: claims["exp"] = nil
            }
        }
        for (method, path, body) in Self.routes {
            let response = await sut.supabase(method, path, json: body, bearer: forged)
            #expect(response.status == 403 && response.object["code"] == .string("bad_jwt"), "\(method) \(path): \(response.status)")
        }
    }

    @Test("another user's session_id is session_not_found; logout revokes the token it names")
    func otherUsersSession() async throws {
        let sut = try await EmulatorHarness.make()
        let mine = try #require(try await sut.appleSession()["access_token"]?.stringValue)
        let theirs = try #require(try await sut.appleSession(email: "other@example.com")["access_token"]?.stringValue)
        let theirSession = try #require(TokenForge.decode(theirs).claims["session_id"])
        let forged = try resign(sut, mine) { $0["session_id"] = theirSession }
        let response = await sut.supabase("GET", "user", bearer: forged)
        #expect(response.status == 403 && response.object["code"] == .string("session_not_found"))

        #expect(await sut.supabase("POST", "logout?scope=local", bearer: mine).status == 204)
        #expect(await sut.supabase("GET", "user", bearer: mine).object["code"] == .string("session_not_found"))
    }

    @Test("an expired service_role token is refused on the admin routes")
    func expiredAdmin() async throws {
        let sut = try await EmulatorHarness.make()
        let userID = try #require(try await sut.appleSession()["user"]?.objectValue?["id"]?.stringValue)
        let now = Int64(sut.world.clock.now.timeIntervalSince1970)
        let key = sut.world.services.supabase.configuration.accessTokenKey
        // Without exp the token is admin (GoTrue internal/api/auth.go checks exp only when present):
        // AdminUsersRouteTests.serviceRoleWithoutExpiry.
        let expiredKey = try key.sign(["role": .string("service_role"), "exp": .int(now - 1)])
        let expired = await sut.supabase("DELETE", "admin/users/\(userID)", bearer: expiredKey)
        #expect(expired.status == 403 && expired.object["code"] == .string("bad_jwt"))
        let user = await sut.supabase(
            "DELETE", "admin/users/\(userID)", bearer: try key.sign(["role": .string("authenticated"), "exp": .int(now + 60)]))
        #expect(user.status == 403 && user.object["code"] == .string("not_admin"))
    }
}

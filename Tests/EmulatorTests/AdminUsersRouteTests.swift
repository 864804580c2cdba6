import AuthData
import AuthEmulator
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// The admin users routes `login users` calls (issue 15): GoTrue's `/admin/users` with paging,
/// Firebase's `accounts:query` and `accounts:batchGet`, claims, and the emulator's `/reset`.
@Suite("Emulator: admin users routes")
struct AdminUsersRouteTests {
    private func supabaseGuests(_ sut: EmulatorHarness, count: Int) async -> [String] {
        var ids: [String] = []
        for _ in 0..<count {
            let response = await sut.supabase("POST", "signup", json: "{}")
            ids.append(response.object["user"]?.objectValue?["id"]?.stringValue ?? "")
        }
        return ids
    }

    @Test("GET /admin/users pages newest first with X-Total-Count and Link; the anon key is not admin")
    func supabaseList() async throws {
        let sut = try await EmulatorHarness.make()
        let ids = await supabaseGuests(sut, count: 3)
        let admin = sut.emulator.serviceRoleKey
        let first = await sut.supabase("GET", "admin/users?page=1&per_page=2", bearer: admin)
        #expect(first.status == 200)
        #expect(first.headers.first { $0.0 == "X-Total-Count" }?.1 == "3")
        #expect(
            first.headers.first { $0.0 == "Link" }?.1
                == #"</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=2&per_page=2>; rel="last""#)
        let page1 = first.object["users"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? []
        #expect(page1 == [ids[2], ids[1]], "newest first")
        #expect(first.object["users"]?.arrayValue?.first?.objectValue?["identities"] == .null, "listed without identities, as GoTrue")
        let second = await sut.supabase("GET", "admin/users?page=2&per_page=2", bearer: admin)
        #expect(second.object["users"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } == [ids[0]])
        #expect(await sut.supabase("GET", "admin/users?per_page=0", bearer: admin).status == 400)
        #expect(await sut.supabase("GET", "admin/users", bearer: sut.emulator.anonKey).object["code"] == .string("not_admin"))
    }

    @Test("a service-role token without exp is admin, as GoTrue internal/api/auth.go parses it; an expired one is not")
    func serviceRoleWithoutExpiry() async throws {
        let sut = try await EmulatorHarness.make()
        let key = sut.world.services.supabase.configuration.accessTokenKey
        let noExpiry = try key.sign(["role": .string("service_role"), "iss": .string("supabase-demo")])
        #expect(await sut.supabase("GET", "admin/users", bearer: noExpiry).status == 200)
        let expired = try key.sign(["role": .string("service_role"), "exp": .int(1_000_000)])
        let refused = await sut.supabase("GET", "admin/users", bearer: expired)
        #expect(refused.status == 403 && refused.object["code"] == .string("bad_jwt"))
    }

    @Test("POST /admin/users keeps user_metadata as sent; the identity holds sub and email (GoTrue internal/api/admin.go adminUserCreate)")
    func supabaseCreateMetadata() async throws {
        let sut = try await EmulatorHarness.make()
        let created = await sut.supabase(
            "POST", "admin/users", json: #"{"email":"ada@example.com","user_metadata":{"favorite_color":"yellow"}}"#,
            bearer: sut.emulator.serviceRoleKey)
        #expect(created.status == 200)
        #expect(created.object["user_metadata"] == .object(["favorite_color": .string("yellow")]))
        let identity = created.object["identities"]?.arrayValue?.first?.objectValue
        #expect(identity?["identity_data"]?.objectValue?["email"] == .string("ada@example.com"))
    }

    @Test("PUT /admin/users/{id} merges app_metadata (null removes) into the next access token; provider stays computed")
    func supabaseClaims() async throws {
        let sut = try await EmulatorHarness.make()
        let signUp = await sut.supabase("POST", "signup", json: "{}")
        let id = try #require(signUp.object["user"]?.objectValue?["id"]?.stringValue)
        let refresh = try #require(signUp.object["refresh_token"]?.stringValue)
        let admin = sut.emulator.serviceRoleKey
        _ = await sut.supabase(
            "PUT", "admin/users/\(id)", json: #"{"app_metadata":{"org":"acme","tier":1,"provider":"forged"}}"#, bearer: admin)
        let updated = await sut.supabase("PUT", "admin/users/\(id)", json: #"{"app_metadata":{"tier":null}}"#, bearer: admin)
        #expect(updated.object["app_metadata"]?.objectValue == ["org": .string("acme")])
        #expect(updated.object["banned_until"] == nil, "a PUT without ban_duration leaves the ban alone")

        let refreshed = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(refresh)"}"#)
        let token = try #require(refreshed.object["access_token"]?.stringValue)
        #expect(try CompactJWS(parsing: token).payload["app_metadata"]?.objectValue?["org"] == .string("acme"))
        #expect(
            await sut.supabase("GET", "admin/users/\(id)", bearer: admin).object["app_metadata"]?.objectValue?["org"] == .string("acme"))
        #expect(await sut.supabase("GET", "admin/users/not-a-uuid", bearer: admin).status == 404)
        #expect(await sut.supabase("GET", "admin/users/\(UUID().uuidString)", bearer: admin).object["code"] == .string("user_not_found"))
    }

    @Test("accounts:batchGet pages by localId with nextPageToken; accounts:query returns every user; Bearer owner required")
    func firebaseList() async throws {
        let sut = try await EmulatorHarness.make()
        for _ in 0..<3 { _ = await sut.firebase("accounts:signUp", json: #"{"returnSecureToken":true}"#) }
        let base = "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)"
        let owner = ["authorization": "Bearer owner"]
        let first = await sut.send("GET", base + "/accounts:batchGet?maxResults=2", headers: owner)
        let page = first.object["users"]?.arrayValue?.compactMap { $0.objectValue?["localId"]?.stringValue } ?? []
        #expect(page.count == 2 && page == page.sorted())
        let token = try #require(first.object["nextPageToken"]?.stringValue)
        #expect(token == page.last)
        let second = await sut.send("GET", base + "/accounts:batchGet?maxResults=2&nextPageToken=\(token)", headers: owner)
        #expect(second.object["users"]?.arrayValue?.count == 1)
        #expect(second.object["nextPageToken"] == nil)
        let query = await sut.send("POST", base + "/accounts:query", json: "{}", headers: owner)
        #expect(query.object["recordsCount"] == .string("3"))
        #expect(query.object["userInfo"]?.arrayValue?.count == 3)
        #expect(await sut.send("POST", base + "/accounts:query", json: #"{"limit":"1"}"#, headers: owner).status == 501)
        #expect(await sut.send("GET", base + "/accounts:batchGet", headers: ["authorization": "Bearer nobody"]).status == 401)
    }

    @Test("POST /reset forgets users and mail, keeps keys; it needs the service-role key or owner")
    func reset() async throws {
        let sut = try await EmulatorHarness.make()
        _ = await supabaseGuests(sut, count: 2)
        _ = await sut.supabase("POST", "otp", json: #"{"email":"reset@example.com"}"#)
        let keys = await sut.world.services.apple.jwks.json
        #expect(await sut.send("POST", "/reset").status == 401)
        #expect(await sut.send("POST", "/reset", headers: ["authorization": "Bearer \(sut.emulator.anonKey)"]).status == 401)
        #expect(await sut.send("POST", "/reset", headers: ["authorization": "Bearer owner"]).status == 200)
        let list = await sut.supabase("GET", "admin/users", bearer: sut.emulator.serviceRoleKey)
        #expect(list.object["users"]?.arrayValue?.isEmpty == true)
        #expect(await sut.world.services.mailbox.messages(for: "reset@example.com").isEmpty)
        #expect(await sut.world.services.apple.jwks.json == keys, "the keys stay")
    }
}

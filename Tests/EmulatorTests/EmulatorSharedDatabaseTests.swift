import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Logging
import Testing

/// `login serve --database FILE`: several emulators on one database, as supabase-py's
/// `src/auth/infra/docker-compose.yml` runs four GoTrue servers with one `DATABASE_URL`. Its
/// `test_modify_confirm_email_using_update_user_by_id` signs up on the autoconfirm-off server and
/// confirms the address through the admin API of the autoconfirm-on one (GoTrue
/// `internal/api/admin.go` `adminUserUpdate`: `email_confirm` confirms a user of the database).
@Suite("Emulator: servers sharing one database", .timeLimit(.minutes(5)))
struct EmulatorSharedDatabaseTests {
    private func emulator(database: URL?, autoconfirm: Bool) async throws -> (EmulatorApp, TemporaryDirectory) {
        let state = TemporaryDirectory()
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 0, stateDirectory: state.url)
        configuration.sharedDatabase = database
        configuration.supabase.mailerAutoconfirm = autoconfirm
        return (try await buildEmulator(configuration: configuration, logger: Logger(label: "test")), state)
    }

    private func send(_ app: EmulatorApp, _ method: String, _ path: String, json: String, bearer: String? = nil) async -> EmulatorResponse {
        var headers = ["apikey": app.emulator.anonKey, "content-type": "application/json"]
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        return await app.emulator.handle(
            EmulatorRequest(method: method, target: "/auth/v1/" + path, headers: headers, body: Array(json.utf8)))
    }

    @Test("a user signed up on one server is confirmed through another's admin API; a server with its own database does not know it")
    func confirmAcrossServers() async throws {
        let shared = TemporaryDirectory()
        let file = shared.url.appendingPathComponent("auth.sqlite3")
        let (off, offState) = try await emulator(database: file, autoconfirm: false)
        let (on, onState) = try await emulator(database: file, autoconfirm: true)
        let (alone, aloneState) = try await emulator(database: nil, autoconfirm: true)
        defer { _ = (offState, onState, aloneState) }

        let signUp = await send(off, "POST", "signup", json: #"{"email":"shared@example.com","password":"a-long-password-1"}"#)
        #expect(signUp.status == 200)
        let id = try #require(signUp.object["id"]?.stringValue)
        #expect(signUp.object["email_confirmed_at"] == nil || signUp.object["email_confirmed_at"] == .null)

        let lonely = await send(alone, "PUT", "admin/users/\(id)", json: #"{"email_confirm":true}"#, bearer: alone.emulator.serviceRoleKey)
        #expect(lonely.status == 404 && lonely.object["error_code"] == .string("user_not_found"))

        let confirmed = await send(on, "PUT", "admin/users/\(id)", json: #"{"email_confirm":true}"#, bearer: on.emulator.serviceRoleKey)
        #expect(confirmed.status == 200)
        #expect(confirmed.object["email_confirmed_at"]?.stringValue != nil)
        let seen = await off.emulator.handle(
            EmulatorRequest(
                method: "GET", target: "/auth/v1/admin/users/\(id)",
                headers: ["apikey": off.emulator.anonKey, "authorization": "Bearer \(off.emulator.serviceRoleKey)"], body: []))
        #expect(seen.object["email_confirmed_at"]?.stringValue == confirmed.object["email_confirmed_at"]?.stringValue)
        let signIn = await send(
            off, "POST", "token?grant_type=password", json: #"{"email":"shared@example.com","password":"a-long-password-1"}"#)
        #expect(signIn.status == 200, "the confirmed address signs in on the first server")
    }

    @Test("the shared file's folder must exist and be private")
    func unsafeFolder() async throws {
        let missing = TemporaryDirectory().url.appendingPathComponent("absent/auth.sqlite3")
        await #expect(throws: SimulationStoreError.self) { _ = try await emulator(database: missing, autoconfirm: false) }
        let open = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open.path)
        await #expect(throws: SimulationStoreError.self) {
            _ = try await emulator(database: open.url.appendingPathComponent("auth.sqlite3"), autoconfirm: false)
        }
    }
}

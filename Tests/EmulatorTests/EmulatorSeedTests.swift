import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Logging
import Testing

/// `login serve --seed FILE`: the users are loaded at start into an empty world, and again after
/// `POST /reset` (the route `login reset` calls against a running emulator).
@Suite("Emulator: a seed file at start and on reset", .timeLimit(.minutes(5)))
struct EmulatorSeedTests {
    static let file = """
        {"users": [{"instance_id": "00000000-0000-0000-0000-000000000000", "id": "4d56e902-f0a0-4662-8448-a4d9e643c142",
          "email": "ada@example.com", "encrypted_password": "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
          "raw_app_meta_data": {"provider": "email", "providers": ["email"], "role": "admin"}, "raw_user_meta_data": {},
          "created_at": "2024-01-02T03:04:05.123456+00:00", "is_anonymous": false}],
         "identities": []}
        """

    private func userCount(_ services: SimulatedServices) throws -> Int {
        try services.storage.fetch { (rows: any SimulationRows) in rows.supabase.userCount() }
    }

    @Test("loaded at start, gone with a reset's wipe, back after it")
    func startAndReset() async throws {
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 0, stateDirectory: nil, ephemeral: true)
        configuration.seed = try UserSeed.read(files: [("seed.json", Array(Self.file.utf8))], format: .supabase)
        let app = try await buildEmulator(configuration: configuration, logger: Logger(label: "test"))
        let services = app.emulator.services
        #expect(try userCount(services) == 1)
        let claims = try services.storage.fetch { (rows: any SimulationRows) in
            rows.supabase.user("4d56e902-f0a0-4662-8448-a4d9e643c142")?.customAppMetadata
        }
        #expect(claims == ["role": .string("admin")])

        try await services.reset()
        #expect(try userCount(services) == 0)
        let request = EmulatorRequest(method: "POST", target: "/reset", headers: ["authorization": "Bearer owner"], body: [])
        let reset = await app.emulator.handle(request)
        #expect(reset.status == 200)
        #expect(try userCount(services) == 1)
    }

    @Test("a seed with a bad row stops the start, naming the row")
    func badSeed() async throws {
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 0, stateDirectory: nil, ephemeral: true)
        let broken = Self.file.replacingOccurrences(of: "\"ada@example.com\"", with: "\"ada\"")
        configuration.seed = try UserSeed.read(files: [("seed.json", Array(broken.utf8))], format: nil)
        await #expect { _ = try await buildEmulator(configuration: configuration, logger: Logger(label: "test")) } throws: {
            ($0 as? UserSeedError)?.row == 1
        }
    }
}

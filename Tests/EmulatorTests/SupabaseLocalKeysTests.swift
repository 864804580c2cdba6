import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Logging
import Testing

/// The emulator's Supabase keys are the local stack's well-known ones unless a project sets its
/// own (supabase/cli `pkg/config/apikeys.go`: the demo JWT secret, and the `anon` and
/// `service_role` keys signed with it, as `supabase status` prints them).
@Suite("Supabase: well-known local keys")
struct SupabaseLocalKeysTests {
    private func emulator(secret: String?) async throws -> Emulator {
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 0, stateDirectory: nil, ephemeral: true)
        configuration.supabaseJWTSecret = secret
        return try await buildEmulator(configuration: configuration, logger: Logger(label: "test")).emulator
    }

    @Test("by default the anon and service-role keys are the Supabase CLI's published ones, byte for byte")
    func published() async throws {
        let emulator = try await emulator(secret: SupabaseLocalKeys.jwtSecret)
        #expect(emulator.anonKey == SupabaseLocalKeys.anonKey)
        #expect(emulator.serviceRoleKey == SupabaseLocalKeys.serviceRoleKey)
        let key = JWTSigningKey.hs256(secret: Array(SupabaseLocalKeys.jwtSecret.utf8))
        #expect(key.isValidSignature(of: try CompactJWS(parsing: SupabaseLocalKeys.anonKey)))
    }

    @Test("the published service-role key is admin (GoTrue api/admin.go); the anon key is not")
    func adminRights() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(sut.emulator.anonKey == SupabaseLocalKeys.anonKey)
        #expect(await sut.supabase("GET", "admin/users", bearer: SupabaseLocalKeys.serviceRoleKey).status == 200)
        #expect(await sut.supabase("GET", "admin/users", bearer: SupabaseLocalKeys.anonKey).object["code"] == .string("not_admin"))
    }

    @Test("a project's own secret, or the state directory's generated one, gives other keys")
    func projectKeys() async throws {
        let own = try await emulator(secret: String(repeating: "k", count: 40))
        let generated = try await emulator(secret: nil)
        #expect(own.anonKey != SupabaseLocalKeys.anonKey)
        #expect(generated.anonKey != SupabaseLocalKeys.anonKey && generated.anonKey != own.anonKey)
    }
}

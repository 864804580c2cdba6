import AuthData
import AuthDomain
import AuthSimulation
import Foundation
import Testing

/// The emulator keeps at most `maxSessionsPerUser` sessions per user (64 in the simulated world) so
/// that a long load run cannot grow its state without bound: a sign-in past the cap ends the
/// user's oldest sessions, with their refresh tokens. GoTrue has no such cap by default (its
/// `GOTRUE_SESSIONS_SINGLE_PER_USER` and timebox settings are other rules); this bound is ours.
@Suite("Supabase: the emulator's cap on sessions per user")
struct SupabaseSessionCapTests {
    @Test("the 65th and 66th sign-ins end the two oldest sessions; the newest 64 keep working")
    func oldestSessionsEnd() async throws {
        var configuration = SimulationConfiguration()
        configuration.supabase.rateLimits = nil
        let services = try await SimulatedServices(
            configuration: configuration, keys: try SimulationKeys.generate(), storage: InMemorySimulationStorage(),
            clock: .live)
        let cap = try #require(services.supabase.configuration.maxSessionsPerUser)
        var refreshTokens: [String] = []
        for _ in 0..<(cap + 2) {
            let raw = NonceGenerator(source: .live).make()
            let sheet = try await services.apple.authorize(
                AppleSheetRequest(
                    clientID: services.configuration.clientID(for: .apple), appleID: "ada@example.com",
                    nonce: NonceGenerator.sha256Hex(raw)))
            let session = try await services.supabase.grantIDToken(
                SupabaseIDTokenRequest(provider: "apple", idToken: sheet.identityToken, nonce: raw), bearer: nil)
            refreshTokens.append(session.refreshToken)
        }
        for ended in refreshTokens.prefix(2) {
            await #expect(throws: SupabaseFailure.self, "the two oldest sessions were ended") {
                try await services.supabase.grantRefreshToken(ended)
            }
        }
        let third = try await services.supabase.grantRefreshToken(refreshTokens[2])
        #expect(!third.accessToken.isEmpty, "the oldest session within the cap still refreshes")
        let newest = try await services.supabase.grantRefreshToken(refreshTokens[cap + 1])
        #expect(!newest.accessToken.isEmpty)
    }
}

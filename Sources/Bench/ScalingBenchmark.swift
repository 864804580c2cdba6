import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// Sign-in latency with many users in the engine over the same with 10: lookups by identity,
/// email and refresh token are hash lookups, so the ratio should stay near 1.
struct ScalingBenchmark {
    let population: Int
    let budget: Duration

    func run(into report: inout BenchReport) async throws {
        let small = try await latency(users: 10)
        let large = try await latency(users: population)
        report.add("signInLatencyMicros10", small, "median returning Apple sign-in + refresh, 10 users")
        report.add("signInLatencyMicros\(population / 1000)k", large, "the same with \(population) users")
        report.add("signInLatencyRatioAt\(population / 1000)kUsers", large / small, "goal <= 1.2")
    }

    private func latency(users: Int) async throws -> Double {
        let world = try await BenchWorld.make()
        let backend = SupabaseAuthBackend(engine: world.services.supabase)
        for _ in 0..<max(0, users - 8) { _ = try await backend.signInAnonymously() }
        var credentials: [IDTokenCredential] = []
        for index in 0..<8 { credentials.append(try await world.appleCredential(appleID: "scale\(index)@example.com")) }
        var sessions: [AuthSession] = []
        for credential in credentials { sessions.append(try await backend.signIn(with: credential).session) }
        var samples: [Double] = []
        let deadline = ContinuousClock.now + budget
        var index = 0
        while ContinuousClock.now < deadline {
            let start = ContinuousClock.now
            let signIn = try await backend.signIn(with: credentials[index & 7])
            _ = try await backend.refreshSession(refreshToken: signIn.session.refreshToken)
            samples.append(Measure.seconds(ContinuousClock.now - start) * 1e6)
            index += 1
        }
        _ = sessions
        return Measure.median(samples)
    }
}

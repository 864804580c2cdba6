import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// Sign-ins per second through the whole in-process stack, and their 99th-percentile latency,
/// with 1 and with 64 concurrent callers (64 apps, each its own object graph, sharing one
/// backend engine).
struct ThroughputBenchmark {
    let budget: Duration

    func run(into report: inout BenchReport) async throws {
        let world = try await BenchWorld.make()
        let backend = SupabaseAuthBackend(engine: world.services.supabase)
        var credentials: [IDTokenCredential] = []
        for index in 0..<64 { credentials.append(try await world.googleCredential(email: "throughput\(index)@example.com")) }
        for concurrency in [1, 64] {
            var apps: [BenchApp] = []
            for index in 0..<concurrency {
                apps.append(await BenchApp.make(world: world, backend: backend, googleCredential: credentials[index]))
            }
            let deadline = ContinuousClock.now + budget
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for app in apps {
                    group.addTask {
                        var samples: [Double] = []
                        while ContinuousClock.now < deadline {
                            let start = ContinuousClock.now
                            _ = try await app.login.execute(with: .social(.google))
                            samples.append(Measure.seconds(ContinuousClock.now - start) * 1e6)
                        }
                        return samples
                    }
                }
                var all: [Double] = []
                for try await samples in group { all += samples }
                return all
            }
            report.add(
                "loginsPerSecond\(concurrency)", Double(latencies.count) / Measure.seconds(budget),
                "Google ID-token sign-ins per second through LoginUseCase, \(concurrency) concurrent caller\(concurrency == 1 ? "" : "s")")
            report.add(
                "p99LoginMicros\(concurrency)", Measure.percentile(latencies, 0.99),
                "99th-percentile sign-in latency, µs, \(concurrency) concurrent")
        }
    }
}

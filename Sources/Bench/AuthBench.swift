import Foundation

/// `auth-bench`: what a sign-in costs, each figure measured in the same run as its baseline and
/// printed as a ratio. Run it release-built: `swift run -c release auth-bench [--json] [--quick]`.
@main
struct AuthBench {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        let json = arguments.contains("--json")
        let quick = arguments.contains("--quick")
        var report = BenchReport()
        let budget: Duration = quick ? .milliseconds(300) : .seconds(2)
        if let only = ProcessInfo.processInfo.environment["AUTH_BENCH_ONLY"], only == "emulator" {
            try await EmulatorRouteBenchmark(budget: budget).run(into: &report)
            print(json ? report.json : report.text)
            return
        }
        try await VerifierBenchmark(budget: budget).run(into: &report)
        try await CoordinatorBenchmark(budget: budget).run(into: &report)
        try await ThroughputBenchmark(budget: budget).run(into: &report)
        try await ScalingBenchmark(population: quick ? 10_000 : 100_000, budget: budget).run(into: &report)
        try await EmulatorRouteBenchmark(budget: budget).run(into: &report)
        print(json ? report.json : report.text)
    }
}

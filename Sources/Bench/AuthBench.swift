import Foundation

/// `auth-bench`: what a sign-in costs, each figure measured in the same run as its baseline and
/// printed as a ratio. Run it release-built: `swift run -c release auth-bench [--json] [--quick]`.
/// `auth-bench fill --users N --state-dir DIR` fills a state directory's database for
/// `Scripts/bench-storage.sh`.
@main
struct AuthBench {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "fill" {
            guard let fill = StorageFill(arguments: Array(arguments)) else {
                FileHandle.standardError.write(Data("usage: auth-bench fill --users N --state-dir DIR [--client-id ID]\n".utf8))
                exit(2)
            }
            try fill.run()
            return
        }
        let json = arguments.contains("--json")
        let quick = arguments.contains("--quick")
        var report = BenchReport()
        let budget: Duration = quick ? .milliseconds(300) : .seconds(2)
        switch ProcessInfo.processInfo.environment["AUTH_BENCH_ONLY"] {
        case "emulator":
            try await EmulatorRouteBenchmark(budget: budget).run(into: &report)
            try await DurableRouteBenchmark(budget: budget).run(into: &report)
            print(json ? report.json : report.text)
            return
        case "durable", "durable-profile":
            let profileOnly = ProcessInfo.processInfo.environment["AUTH_BENCH_ONLY"] == "durable-profile"
            try await DurableRouteBenchmark(budget: budget, profileOnly: profileOnly).run(into: &report)
            print(json ? report.json : report.text)
            return
        default: break
        }
        try await VerifierBenchmark(budget: budget).run(into: &report)
        try await CoordinatorBenchmark(budget: budget).run(into: &report)
        try await ThroughputBenchmark(budget: budget).run(into: &report)
        try await ScalingBenchmark(population: quick ? 10_000 : 100_000, budget: budget).run(into: &report)
        try await EmulatorRouteBenchmark(budget: budget).run(into: &report)
        try await DurableRouteBenchmark(budget: budget).run(into: &report)
        print(json ? report.json : report.text)
    }
}

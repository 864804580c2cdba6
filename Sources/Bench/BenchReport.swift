import AuthJWT
import Foundation

/// Figures collected by the benchmarks, printed as text or as one JSON object.
struct BenchReport {
    private var figures: [(key: String, value: Double, note: String)] = []

    mutating func add(_ key: String, _ value: Double, _ note: String) {
        figures.append((key, value, note))
    }

    var json: String {
        var object = JSONObject()
        for figure in figures { object[figure.key] = .double((figure.value * 1000).rounded() / 1000) }
        object["machine"] = .string(
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB")
        return object.jsonString
    }

    var text: String {
        let width = figures.map(\.key.count).max() ?? 0
        return figures.map { figure in
            figure.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(format: figure.value >= 100 ? "%12.0f" : "%12.3f", figure.value) + "  " + figure.note
        }.joined(separator: "\n")
    }
}

/// Runs an operation repeatedly for a time budget and reports the rate.
enum Measure {
    /// Operations per second of `body`, which performs `batch` operations per call.
    static func rate(budget: Duration, batch: Int = 1, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var operations = 0
        let start = clock.now
        while clock.now - start < budget {
            try body()
            operations += batch
        }
        return Double(operations) / seconds(clock.now - start)
    }

    /// The async variant.
    static func rate(budget: Duration, batch: Int = 1, _ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        var operations = 0
        let start = clock.now
        while clock.now - start < budget {
            try await body()
            operations += batch
        }
        return Double(operations) / seconds(clock.now - start)
    }

    /// Alternates two measurements `rounds` times and returns the median of each, so that both
    /// see the same machine conditions.
    static func paired(rounds: Int = 5, _ first: () throws -> Double, _ second: () throws -> Double) rethrows -> (Double, Double) {
        var a: [Double] = []
        var b: [Double] = []
        for _ in 0..<rounds {
            a.append(try first())
            b.append(try second())
        }
        return (median(a), median(b))
    }

    /// The async variant.
    static func paired(rounds: Int = 5, _ first: () async throws -> Double, _ second: () async throws -> Double) async rethrows -> (
        Double, Double
    ) {
        var a: [Double] = []
        var b: [Double] = []
        for _ in 0..<rounds {
            a.append(try await first())
            b.append(try await second())
        }
        return (median(a), median(b))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }
}

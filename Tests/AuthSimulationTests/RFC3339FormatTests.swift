import AuthSimulation
import Foundation
import Testing

/// The CLI prints its dates with ``RFC3339/formatSeconds(_:)`` instead of making an
/// `ISO8601DateFormatter` (ICU) per date: the text must stay the one the formatter printed.
@Suite("RFC 3339 to the second")
struct RFC3339FormatTests {
    @Test(
        "whole seconds, UTC, Z: the same text as ISO8601DateFormatter's default (milliseconds rounded, then the fraction dropped)",
        arguments: [
            0, 1, 59.999_999, 59.9994, 59.9995, 86_399.5, 951_782_400, 1_795_000_000.25, 1_795_000_000.999_9, 4_102_444_799.9, -1.5,
        ])
    func matchesFormatter(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(RFC3339.formatSeconds(date) == ISO8601DateFormatter().string(from: date))
    }

    @Test("a known instant")
    func knownInstant() {
        #expect(RFC3339.formatSeconds(Date(timeIntervalSince1970: 1_795_003_200.75)) == "2026-11-18T12:00:00Z")
    }
}

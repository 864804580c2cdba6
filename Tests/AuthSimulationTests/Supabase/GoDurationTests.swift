import AuthSimulation
import Foundation
import Testing

/// `ban_duration` is read by Go's `time.ParseDuration` (api/admin.go); these cases are Go's own
/// (`src/time/time_test.go` `parseDurationTests` and `parseDurationErrorTests`).
@Suite("Supabase engine: ban_duration as Go's time.ParseDuration")
struct GoDurationTests {
    @Test(
        "valid durations",
        arguments: [
            ("0", 0), ("5s", 5_000_000_000), ("30s", 30_000_000_000), ("1478s", 1_478_000_000_000), ("-5s", -5_000_000_000),
            ("+5s", 5_000_000_000), ("-0", 0), ("+0", 0), ("5.0s", 5_000_000_000), ("5.6s", 5_600_000_000), ("5.s", 5_000_000_000),
            (".5s", 500_000_000), ("1.0s", 1_000_000_000), ("1.00s", 1_000_000_000), ("1.004s", 1_004_000_000),
            ("100.00100s", 100_001_000_000),
            ("10ns", 10), ("11us", 11_000), ("12µs", 12_000), ("12μs", 12_000), ("13ms", 13_000_000), ("14s", 14_000_000_000),
            ("15m", 900_000_000_000), ("16h", 57_600_000_000_000), ("3h30m", 12_600_000_000_000), ("10.5s4m", 250_500_000_000),
            ("-2m3.4s", -123_400_000_000), ("1h2m3s4ms5us6ns", 3_723_004_005_006), ("39h9m14.425s", 140_954_425_000_000),
            ("52763797000ns", 52_763_797_000), ("0.3333333333333333333h", 1_200_000_000_000), ("9007199254740993ns", 9_007_199_254_740_993),
            ("9223372036854775807ns", Int64.max), ("9223372036854775.807us", Int64.max), ("9223372036s854ms775us807ns", Int64.max),
            ("-9223372036854775808ns", Int64.min), ("-9223372036854775.808us", Int64.min), ("0.100000000000000000000h", 360_000_000_000),
            ("0.830103483285477580700h", 2_988_372_539_827),
        ] as [(String, Int64)])
    func valid(text: String, nanoseconds: Int64) throws {
        #expect(try GoDuration.nanoseconds(text) == nanoseconds)
    }

    @Test(
        "invalid durations get Go's message",
        arguments: [
            ("", #"time: invalid duration """#), ("3", #"time: missing unit in duration "3""#), ("-", #"time: invalid duration "-""#),
            ("s", #"time: invalid duration "s""#), (".", #"time: invalid duration ".""#), ("-.", #"time: invalid duration "-.""#),
            (".s", #"time: invalid duration ".s""#), ("+.s", #"time: invalid duration "+.s""#),
            ("1d", #"time: unknown unit "d" in duration "1d""#),
            ("\u{85}\u{85}", #"time: invalid duration "\xc2\x85\xc2\x85""#), ("\u{FFFD}", #"time: invalid duration "\xef\xbf\xbd""#),
            ("9223372036854775810ns", #"time: invalid duration "9223372036854775810ns""#),
            ("9223372036854775808ns", #"time: invalid duration "9223372036854775808ns""#),
            ("9223372036854775.808us", #"time: invalid duration "9223372036854775.808us""#),
            ("1e308h", #"time: unknown unit "e" in duration "1e308h""#), ("infh", #"time: invalid duration "infh""#),
            ("nanh", #"time: invalid duration "nanh""#), ("2562048h", #"time: invalid duration "2562048h""#),
            ("1h\u{1B}[2J", #"time: unknown unit "h\x1b[" in duration "1h\x1b[2J""#),
        ] as [(String, String)])
    func invalid(text: String, message: String) {
        #expect(throws: GoDuration.ParseError(message: message)) { try GoDuration.nanoseconds(text) }
    }
}

/// Reads `--for` of `login users ban`: `forever`, `none` (lift the ban), or a duration as Go's
/// `time.ParseDuration` (what GoTrue's `ban_duration` takes) writes it: numbers with units `ns`,
/// `us`/`µs`, `ms`, `s`, `m`, `h`, one after another (`1h30m`, `1.5h`), up to a hundred years.
/// Days are not a unit there: `7d` is refused with the hours to write instead.
enum BanDurationParsing {
    private static let units: [(String, Double)] = [
        ("ns", 1e-9), ("us", 1e-6), ("µs", 1e-6), ("μs", 1e-6), ("ms", 1e-3), ("s", 1), ("m", 60), ("h", 3600),
    ]

    /// The longest ban accepted, in seconds (GoTrue's dashboard bans "forever" as 876000h).
    static let maximum: Double = 876_000 * 3600

    /// Parses a value of `--for`.
    /// - Parameter text: The value.
    /// - Returns: The ban length.
    /// - Throws: ``CommandFailure`` (usage) naming what is wrong.
    static func parse(_ text: String) throws(CommandFailure) -> BanLength {
        switch text.lowercased() {
        case "forever": return .forever
        case "none", "0", "0s": return .none
        default: break
        }
        guard let seconds = seconds(in: text) else {
            if let days = Double(text.dropLast()), text.hasSuffix("d"), days.isFinite, days > 0 {
                throw .usage("--for takes Go durations, which have no days: write \(Int(days * 24))h for \(text)")
            }
            throw .usage("--for \"\(text)\" is not a duration: write for example 30m, 24h, 1h30m, forever or none")
        }
        guard seconds > 0, seconds <= maximum else {
            throw .usage("--for must be longer than 0 and at most 876000h (a hundred years); use forever, or none to lift a ban")
        }
        return .duration(text)
    }

    /// The duration in seconds, or `nil` when the text is not a Go duration with a unit.
    static func seconds(in text: String) -> Double? {
        var rest = Substring(text)
        var total = 0.0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, number != ".", let value = Double(number), value.isFinite else { return nil }
            rest = rest.dropFirst(number.count)
            // Two-letter units come first in `units`, so `ms` is not read as `m`.
            guard let unit = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(unit.0.count)
            total += value * unit.1
            guard total.isFinite else { return nil }
        }
        return total
    }
}

/// Go's `time.ParseDuration`, byte for byte (`src/time/format.go`), for GoTrue's `ban_duration`:
/// an optional sign, then one or more decimal numbers, each with an optional fraction and a
/// unit (`ns`, `us`, `µs`, `μs`, `ms`, `s`, `m`, `h`), such as `"300ms"`, `"1.5h"` or
/// `"2h45m"`; `"0"` alone needs no unit. Errors carry Go's messages, values quoted as Go quotes
/// them (bytes outside printable ASCII as `\xNN`).
package enum GoDuration {
    /// A string `time.ParseDuration` refuses, with Go's message.
    package struct ParseError: Error, Equatable, Sendable {
        /// Go's message (`time: unknown unit "d" in duration "1d"`).
        package let message: String

        package init(message: String) { self.message = message }
    }

    private static let units: [[UInt8]: UInt64] = [
        Array("ns".utf8): 1, Array("us".utf8): 1_000, Array("µs".utf8): 1_000, Array("μs".utf8): 1_000,
        Array("ms".utf8): 1_000_000, Array("s".utf8): 1_000_000_000, Array("m".utf8): 60_000_000_000,
        Array("h".utf8): 3_600_000_000_000,
    ]

    /// Parses a duration.
    /// - Parameter text: The duration.
    /// - Returns: Nanoseconds, in Go's `int64` range.
    /// - Throws: ``ParseError`` with Go's message.
    package static func nanoseconds(_ text: String) throws(ParseError) -> Int64 {
        let original = Array(text.utf8)
        let invalid = ParseError(message: "time: invalid duration " + quote(original))
        var rest = original[...]
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        if rest.elementsEqual("0".utf8) { return 0 }
        guard !rest.isEmpty else { throw invalid }
        let limit: UInt64 = 1 << 63
        var total: UInt64 = 0
        while let first = rest.first {
            guard first == UInt8(ascii: ".") || isDigit(first) else { throw invalid }
            let before = rest.count
            guard let whole = leadingInt(&rest) else { throw invalid }
            let hadWhole = before != rest.count
            var fraction: UInt64 = 0
            var scale = 1.0
            var hadFraction = false
            if rest.first == UInt8(ascii: ".") {
                rest = rest.dropFirst()
                let start = rest.count
                (fraction, scale) = leadingFraction(&rest)
                hadFraction = start != rest.count
            }
            guard hadWhole || hadFraction else { throw invalid }
            let unitEnd = rest.firstIndex { $0 == UInt8(ascii: ".") || isDigit($0) } ?? rest.endIndex
            let unitBytes = Array(rest[rest.startIndex..<unitEnd])
            guard !unitBytes.isEmpty else { throw ParseError(message: "time: missing unit in duration " + quote(original)) }
            rest = rest[unitEnd...]
            guard let unit = units[unitBytes] else {
                throw ParseError(message: "time: unknown unit " + quote(unitBytes) + " in duration " + quote(original))
            }
            guard whole <= limit / unit else { throw invalid }
            var value = whole * unit
            if fraction > 0 {
                value += UInt64(Double(fraction) * (Double(unit) / scale))
                guard value <= limit else { throw invalid }
            }
            total += value
            guard total <= limit else { throw invalid }
        }
        if negative { return total == limit ? Int64.min : -Int64(total) }
        guard total <= limit - 1 else { throw invalid }
        return Int64(total)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Go's `leadingInt`: the leading digits, or `nil` past 2⁶³.
    private static func leadingInt(_ rest: inout ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        while let byte = rest.first, isDigit(byte) {
            guard value <= (1 << 63) / 10 else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            guard value <= 1 << 63 else { return nil }
            rest = rest.dropFirst()
        }
        return value
    }

    /// Go's `leadingFraction`: the digits after the point (ignored past overflow) and 10^count.
    private static func leadingFraction(_ rest: inout ArraySlice<UInt8>) -> (UInt64, Double) {
        var value: UInt64 = 0
        var scale = 1.0
        var overflow = false
        while let byte = rest.first, isDigit(byte) {
            rest = rest.dropFirst()
            if overflow { continue }
            guard value <= ((1 << 63) - 1) / 10 else {
                overflow = true
                continue
            }
            let next = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            guard next <= 1 << 63 else {
                overflow = true
                continue
            }
            value = next
            scale *= 10
        }
        return (value, scale)
    }

    /// Go's `time.quote`: printable ASCII as is (`"` and `\` escaped), other bytes as `\xNN`.
    private static func quote(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            if byte >= 0x80 || byte < 0x20 {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}

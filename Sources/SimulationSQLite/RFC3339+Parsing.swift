import AuthSimulation
import Foundation

extension RFC3339 {
    /// Reads a timestamp as ``format(_:)`` writes it (`2026-01-01T00:00:00.123456Z`), and the
    /// forms a developer typing into `sqlite3` may use: a space for the `T`, fewer or no fraction
    /// digits, `+00:00` or nothing for the `Z`. Other offsets are refused (every stored time is UTC).
    /// - Parameter text: The timestamp.
    /// - Returns: The date, exact to the microsecond; `nil` when it is not such a timestamp.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
                bytes[16] == UInt8(ascii: ":")
            else { return nil }
            func number(_ from: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for index in from..<(from + count) {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int64(digit)
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
                let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day),
                hour < 24, minute < 60, second < 61
            else { return nil }
            var index = 19
            var micros: Int64 = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var scale: Int64 = 100_000
                let start = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                    micros += Int64(bytes[index] &- UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
            let rest = bytes.count - index
            let utc =
                rest == 0 || (rest == 1 && bytes[index] == UInt8(ascii: "Z"))
                || (rest == 6 && String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self) == "+00:00")
            guard utc else { return nil }
            let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            return Date(timeIntervalSince1970: Double(seconds * 1_000_000 + micros) / 1_000_000)
        }
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm, the inverse of `format`'s).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

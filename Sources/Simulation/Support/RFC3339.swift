import Foundation

/// RFC 3339 timestamps as GoTrue writes them: UTC, microseconds, `Z`
/// (`2026-01-01T00:00:00.123456Z`). Hand-rolled: formatting sits on the sign-in path.
package enum RFC3339 {
    /// Formats a date.
    /// - Parameter date: The date.
    /// - Returns: `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
    package static func format(_ date: Date) -> String {
        let totalMicros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        var seconds = totalMicros / 1_000_000
        var micros = totalMicros % 1_000_000
        if micros < 0 {
            micros += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return String(year) + "-01-01T00:00:00.000000Z" }
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var index = 0
            func put(_ value: Int64, _ width: Int) {
                var value = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                index += width
            }
            func put(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: character)
                index += 1
            }
            put(year, 4)
            put("-")
            put(month, 2)
            put("-")
            put(day, 2)
            put("T")
            put(secondOfDay / 3600, 2)
            put(":")
            put(secondOfDay / 60 % 60, 2)
            put(":")
            put(secondOfDay % 60, 2)
            put(".")
            put(micros, 6)
            put("Z")
            return index
        }
    }

    /// Formats a date to the whole second, as `ISO8601DateFormatter` does by default
    /// (`2026-01-01T00:00:00Z`), without ICU: the CLI prints its dates this way.
    /// - Parameter date: The date: rounded to the millisecond, then its fraction of a second
    ///   dropped, as the formatter does (59.9999 s prints as 1 minute; 59.9 s as 59 s).
    /// - Returns: `YYYY-MM-DDTHH:MM:SSZ`.
    package static func formatSeconds(_ date: Date) -> String {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        let whole = Date(timeIntervalSince1970: (millis / 1000).rounded(.down))
        return String(format(whole).prefix(19)) + "Z"
    }

    /// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

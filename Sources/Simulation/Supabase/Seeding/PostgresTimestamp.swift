import Foundation

/// `timestamptz` values as PostgreSQL writes them: `2024-01-02 03:04:05.123456+00` in text and
/// CSV output, `2024-01-02T03:04:05.123456+00:00` in `row_to_json` (PostgreSQL documentation,
/// "Date/Time Output" and "JSON Functions"); microsecond precision.
enum PostgresTimestamp {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Reads either form (a zone of `Z`, `+HH`, `+HH:MM` or `+HHMM`; none is UTC).
    /// - Parameter text: The value.
    /// - Returns: The instant, or `nil` for text in neither form.
    static func parse(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        guard chars.count >= 19, chars.count <= 40, chars[4] == 0x2D, chars[7] == 0x2D, chars[10] == 0x20 || chars[10] == 0x54,
            chars[13] == 0x3A, chars[16] == 0x3A,
            let year = number(chars[0..<4]), let month = number(chars[5..<7]), let day = number(chars[8..<10]),
            let hour = number(chars[11..<13]), let minute = number(chars[14..<16]), let second = number(chars[17..<19]),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < chars.count, chars[index] == 0x2E {
            let start = index + 1
            index = start
            while index < chars.count, (0x30...0x39).contains(chars[index]) { index += 1 }
            guard index > start, index - start <= 9, let digits = number(chars[start..<index]) else { return nil }
            fraction = Double(digits) / pow(10, Double(index - start))
        }
        var offset = 0
        if index < chars.count {
            let zone = chars[index...]
            if zone.count == 1, zone.first == 0x5A {
                offset = 0
            } else {
                guard let sign = zone.first, sign == 0x2B || sign == 0x2D else { return nil }
                let rest = Array(zone.dropFirst()).filter { $0 != 0x3A }
                guard rest.count == 2 || rest.count == 4, let hours = number(rest[0..<2]), hours < 16 else { return nil }
                let minutes = rest.count == 4 ? number(rest[2..<4]) : 0
                guard let minutes, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
            }
        }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }

    /// The text (and CSV) form, in UTC.
    static func text(_ date: Date) -> String { format(date, separator: " ", zone: "+00") }

    /// The `row_to_json` form, in UTC.
    static func json(_ date: Date) -> String { format(date, separator: "T", zone: "+00:00") }

    private static func format(_ date: Date, separator: String, zone: String) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        var micros = Int(((date.timeIntervalSince1970 - whole) * 1_000_000).rounded())
        var seconds = whole
        if micros >= 1_000_000 {
            micros -= 1_000_000
            seconds += 1
        }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let year = String(parts.year ?? 1970)
        let padded = String(repeating: "0", count: max(0, 4 - year.count)) + year
        let fraction = micros == 0 ? "" : "." + String(String(1_000_000 + micros).dropFirst())
        return "\(padded)-\(two(parts.month))-\(two(parts.day))\(separator)\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
            + fraction + zone
    }

    private static func number<C: Collection>(_ digits: C) -> Int? where C.Element == UInt8 {
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return digits.isEmpty ? nil : value
    }
}

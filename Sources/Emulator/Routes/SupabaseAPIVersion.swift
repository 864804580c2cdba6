/// GoTrue's reading of `X-Supabase-Api-Version` (internal/api/apiversions.go
/// `DetermineClosestAPIVersion`): a date in Go's `2006-01-02` layout; on or after 2024-01-01 the
/// errors take the `{"code","message"}` shape and echo the header; a missing or malformed date
/// is the initial version (internal/api/errors.go `HandleResponseError`).
enum SupabaseAPIVersion {
    /// Whether the header names 2024-01-01 or a later valid date.
    /// - Parameter header: The header's value.
    /// - Returns: `false` for no header, a date before 2024-01-01, or text Go's `time.Parse` refuses.
    static func isAtLeast20240101(_ header: String?) -> Bool {
        guard let header, let (year, month, day) = date(header) else { return false }
        return (year, month, day) >= (2024, 1, 1)
    }

    /// Go's `time.ParseInLocation("2006-01-02", …)`: four-digit year, two-digit month and day,
    /// the day valid for the month (leap years included).
    private static func date(_ text: String) -> (Int, Int, Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day) ? (year, month, day) : nil
    }
}

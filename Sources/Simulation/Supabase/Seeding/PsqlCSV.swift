import AuthJWT

/// CSV as PostgreSQL's `COPY ... (FORMAT csv, HEADER)` and `psql \copy ... csv header` write it
/// (PostgreSQL documentation, "COPY", "CSV Format"): fields separated by commas, a field quoted
/// with `"` when it holds a comma, a quote, a line break or is empty text, a quote inside doubled;
/// an unquoted empty field is `NULL`, a quoted empty one the empty string. Strict and bounded:
/// a stray quote, an unterminated field or a row with another number of fields than the header
/// is refused with its row number.
struct PsqlCSV {
    /// The header's column names.
    let columns: [String]
    /// The rows, each as many fields as ``columns``; `nil` for `NULL`.
    let rows: [[String?]]

    /// The most columns and rows read, and the longest field.
    static let maxColumns = 64
    static let maxRows = 100_000
    static let maxFieldBytes = 1 << 20

    /// Reads a file.
    /// - Parameter bytes: The file's bytes (UTF-8).
    /// - Throws: ``UserSeedError`` with the row (1 is the first row after the header).
    init(parsing bytes: [UInt8]) throws(UserSeedError) {
        var reader = Reader(bytes: bytes)
        guard let header = try reader.record(row: nil) else { throw UserSeedError("the CSV file is empty (it needs a header)") }
        guard header.count <= Self.maxColumns else { throw UserSeedError("the CSV header has more than \(Self.maxColumns) columns") }
        let names = header.map { $0 ?? "" }
        guard Set(names).count == names.count, !names.contains("") else {
            throw UserSeedError("the CSV header names a column twice or not at all")
        }
        var rows: [[String?]] = []
        while let record = try reader.record(row: rows.count + 1) {
            guard record.count == names.count else {
                throw UserSeedError("it has \(record.count) fields, the header \(names.count)", row: rows.count + 1)
            }
            guard rows.count < Self.maxRows else { throw UserSeedError("the file has more than \(Self.maxRows) rows") }
            rows.append(record)
        }
        columns = names
        self.rows = rows
    }

    /// Writes a table.
    /// - Parameters:
    ///   - columns: The header.
    ///   - rows: The fields; `nil` is written as `NULL` (an empty unquoted field).
    /// - Returns: The file, lines ending in `\n` as `psql` writes them on Linux.
    static func write(columns: [String], rows: [[String?]]) -> String {
        var out = columns.map(quoted).joined(separator: ",") + "\n"
        for row in rows { out += row.map { $0.map(quoted) ?? "" }.joined(separator: ",") + "\n" }
        return out
    }

    /// A field as COPY quotes it: only when needed, and always for the empty string.
    private static func quoted(_ field: String) -> String {
        let needs = field.isEmpty || field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\\" })
        return needs ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }

    /// Reads one record at a time.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// The next record, or `nil` at the end of the file.
        mutating func record(row: Int?) throws(UserSeedError) -> [String?]? {
            guard index < bytes.count else { return nil }
            var fields: [String?] = []
            while true {
                fields.append(try field(row: row))
                guard fields.count <= PsqlCSV.maxColumns else {
                    throw UserSeedError("a row has more than \(PsqlCSV.maxColumns) fields", row: row)
                }
                if index >= bytes.count { return fields }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "\r"):
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    return fields
                case UInt8(ascii: "\n"):
                    index += 1
                    return fields
                default: throw UserSeedError("a quoted field is followed by text", row: row)
                }
            }
        }

        /// One field: `nil` for an unquoted empty field.
        private mutating func field(row: Int?) throws(UserSeedError) -> String? {
            var value: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while true {
                    guard index < bytes.count else { throw UserSeedError("a quoted field does not end", row: row) }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") {
                        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                        index += 1
                    }
                    value.append(byte)
                    guard value.count <= PsqlCSV.maxFieldBytes else { throw UserSeedError("a field is longer than 1 MiB", row: row) }
                }
                return try Self.text(value, row: row)
            }
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
                guard bytes[index] != UInt8(ascii: "\"") else { throw UserSeedError("a quote inside an unquoted field", row: row) }
                value.append(bytes[index])
                index += 1
                guard value.count <= PsqlCSV.maxFieldBytes else { throw UserSeedError("a field is longer than 1 MiB", row: row) }
            }
            return value.isEmpty ? nil : try Self.text(value, row: row)
        }

        private static func text(_ bytes: [UInt8], row: Int?) throws(UserSeedError) -> String {
            guard let text = WellFormedUTF8.string(bytes) else { throw UserSeedError("a field is not UTF-8", row: row) }
            return text
        }
    }
}

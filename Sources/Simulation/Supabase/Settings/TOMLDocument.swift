import AuthJWT

/// A TOML document of the subset a Supabase CLI `supabase/config.toml` uses (TOML 1.0,
/// toml.io): `[table]` headers, `key = value` pairs with bare, quoted or dotted keys, basic and
/// literal strings, integers (decimal, `0x`, `0o`, `0b`, `_` between digits), floats, booleans,
/// arrays over several lines, and comments. Multi-line strings, inline tables, arrays of tables
/// and dates are refused with a ``TOMLError`` naming the line, as are duplicate keys and tables.
///
/// Strict and bounded: at most ``maxBytes`` of UTF-8, ``maxValues`` values, arrays nested
/// ``maxDepth`` deep.
///
/// ```swift
/// let document = try TOMLDocument(parsing: Array(text.utf8))
/// document["auth.email.otp_length"]   // .integer(6)
/// ```
public struct TOMLDocument: Sendable {
    /// The largest document read, in bytes.
    public static let maxBytes = 1 << 20
    /// The most values (array elements included).
    public static let maxValues = 20_000
    /// The deepest nesting of arrays.
    public static let maxDepth = 8

    /// The values by dotted key path (`auth.email.otp_length`; a key that needs quotes keeps
    /// its text between dots).
    public let values: [String: TOMLValue]
    /// The line each value was defined on, by path.
    public let lines: [String: Int]

    /// Parses a document.
    /// - Parameter bytes: The file's bytes.
    /// - Throws: ``TOMLError`` with the line of the first problem.

    public init(parsing bytes: [UInt8]) throws(TOMLError) {
        guard bytes.count <= Self.maxBytes else { throw TOMLError(line: 1, reason: "larger than \(Self.maxBytes) bytes") }
        guard WellFormedUTF8.string(bytes) != nil else { throw TOMLError(line: 1, reason: "not UTF-8") }
        var scanner = TOMLScanner(bytes: bytes)
        try scanner.document()
        values = scanner.values
        lines = scanner.lines
    }

    /// A document of given values, for defaults merged under a parsed one.
    /// - Parameters:
    ///   - values: The values by dotted key path.
    ///   - lines: The line each value was defined on, by path (none for defaults).
    init(values: [String: TOMLValue], lines: [String: Int]) {
        self.values = values
        self.lines = lines
    }

    /// The value at a dotted key path.
    public subscript(path: String) -> TOMLValue? { values[path] }
}

/// A value of ``TOMLDocument``.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case bool(Bool)
    case array([TOMLValue])
}

/// Why a TOML document was refused, and on which line (1-based).
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - line: The line.
    ///   - reason: What is wrong.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

/// The reader behind ``TOMLDocument``: one pass over the bytes, keeping the line for errors.
struct TOMLScanner {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var table: [String] = []
    private var headers: Set<String> = []
    /// Tables made by a header or implied by a longer path.
    private var tablePaths: Set<String> = []
    private var count = 0
    private(set) var values: [String: TOMLValue] = [:]
    private(set) var lines: [String: Int] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func fail(_ reason: String) -> TOMLError { TOMLError(line: line, reason: reason) }

    mutating func document() throws(TOMLError) {
        while true {
            try skipBlank()
            guard let byte = peek else { return }
            if byte == UInt8(ascii: "[") { try header() } else { try pair() }
            try endOfLine()
        }
    }

    private mutating func header() throws(TOMLError) {
        index += 1
        if peek == UInt8(ascii: "[") { throw fail("arrays of tables ([[...]]) are not supported") }
        let segments = try key()
        guard peek == UInt8(ascii: "]") else { throw fail("a table header must end with ]") }
        index += 1
        let path = segments.joined(separator: ".")
        guard headers.insert(path).inserted else { throw fail("table [\(path)] is defined twice") }
        try claimTable(segments)
        table = segments
    }

    private mutating func pair() throws(TOMLError) {
        let segments = table + (try key())
        guard peek == UInt8(ascii: "=") else { throw fail("expected = after a key") }
        index += 1
        skipSpaces()
        let value = try value(depth: 0)
        let path = segments.joined(separator: ".")
        guard values[path] == nil else { throw fail("key \(path) is defined twice") }
        guard !tablePaths.contains(path) else { throw fail("key \(path) is already a table") }
        try claimTable(Array(segments.dropLast()))
        values[path] = value
        lines[path] = line
    }

    /// Records the tables a path makes; none of them may be a value already.
    private mutating func claimTable(_ segments: [String]) throws(TOMLError) {
        for end in segments.indices {
            let prefix = segments[...end].joined(separator: ".")
            if values[prefix] != nil { throw fail("\(prefix) is a value, not a table") }
            tablePaths.insert(prefix)
        }
    }

    private mutating func key() throws(TOMLError) -> [String] {
        var segments: [String] = []
        while true {
            skipSpaces()
            segments.append(try simpleKey())
            skipSpaces()
            guard peek == UInt8(ascii: ".") else { return segments }
            index += 1
            guard segments.count < 32 else { throw fail("a key has more than 32 parts") }
        }
    }

    private mutating func simpleKey() throws(TOMLError) -> String {
        switch peek {
        case UInt8(ascii: "\""): return try basicString()
        case UInt8(ascii: "'"): return try literalString()
        default:
            let start = index
            while let byte = peek, Self.isBare(byte) { index += 1 }
            guard index > start else { throw fail("expected a key") }
            guard index - start <= 256 else { throw fail("a key is longer than 256 bytes") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }

    private mutating func value(depth: Int) throws(TOMLError) -> TOMLValue {
        count += 1
        guard count <= TOMLDocument.maxValues else { throw fail("more than \(TOMLDocument.maxValues) values") }
        switch peek {
        case UInt8(ascii: "\""):
            if starts(with: "\"\"\"") { throw fail("multi-line strings are not supported") }
            return .string(try basicString())
        case UInt8(ascii: "'"):
            if starts(with: "'''") { throw fail("multi-line strings are not supported") }
            return .string(try literalString())
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "{"): throw fail("inline tables are not supported; use a [table] header")
        case UInt8(ascii: "t") where starts(with: "true"):
            index += 4
            return .bool(true)
        case UInt8(ascii: "f") where starts(with: "false"):
            index += 5
            return .bool(false)
        case nil: throw fail("a value is missing")
        default: return try TOMLNumber.parse(token(), line: line)
        }
    }

    private mutating func array(depth: Int) throws(TOMLError) -> TOMLValue {
        guard depth <= TOMLDocument.maxDepth else { throw fail("arrays nested more than \(TOMLDocument.maxDepth) deep") }
        index += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlank()
            if peek == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            guard peek != nil else { throw fail("an array is not closed") }
            elements.append(try value(depth: depth))
            try skipBlank()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            case nil: throw fail("an array is not closed")
            default: throw fail("expected , or ] in an array")
            }
        }
    }

    /// The text of a number (or of a date, which ``TOMLNumber`` refuses).
    private mutating func token() -> [UInt8] {
        let start = index
        while let byte = peek,
            Self.isBare(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        { index += 1 }
        return Array(bytes[start..<index])
    }

    private mutating func basicString() throws(TOMLError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard let byte = peek else { throw fail("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &out)
            case 0x0a, 0x0d: throw fail("a string does not end on its line")
            case 0x09: out.append(byte)
            case 0..<0x20, 0x7f: throw fail("a control character in a string")
            default: out.append(byte)
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(TOMLError) {
        guard let byte = peek else { throw fail("a string is not closed") }
        index += 1
        let simple: [UInt8: UInt8] = [0x62: 0x08, 0x74: 0x09, 0x6e: 0x0a, 0x66: 0x0c, 0x72: 0x0d, 0x22: 0x22, 0x5c: 0x5c]
        if let mapped = simple[byte] {
            out.append(mapped)
            return
        }
        let digits = byte == UInt8(ascii: "u") ? 4 : byte == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0, index + digits <= bytes.count,
            let code = UInt32(String(decoding: bytes[index..<index + digits], as: UTF8.self), radix: 16),
            bytes[index..<index + digits].allSatisfy({ Self.isHex($0) }), let scalar = Unicode.Scalar(code)
        else { throw fail("an invalid escape in a string") }
        index += digits
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func literalString() throws(TOMLError) -> String {
        index += 1
        let start = index
        while true {
            guard let byte = peek else { throw fail("a string is not closed") }
            if byte == UInt8(ascii: "'") { break }
            if byte == 0x0a || byte == 0x0d { throw fail("a string does not end on its line") }
            if byte != 0x09, byte < 0x20 || byte == 0x7f { throw fail("a control character in a string") }
            index += 1
        }
        defer { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func endOfLine() throws(TOMLError) {
        skipSpaces()
        if peek == UInt8(ascii: "#") { try comment() }
        switch peek {
        case nil, 0x0a: return
        case 0x0d where index + 1 < bytes.count && bytes[index + 1] == 0x0a: return
        default: throw fail("expected the end of the line")
        }
    }

    /// Spaces, tabs, comments and line ends.
    private mutating func skipBlank() throws(TOMLError) {
        while let byte = peek {
            switch byte {
            case 0x20, 0x09: index += 1
            case UInt8(ascii: "#"): try comment()
            case 0x0a:
                index += 1
                line += 1
            case 0x0d where index + 1 < bytes.count && bytes[index + 1] == 0x0a:
                index += 2
                line += 1
            default: return
            }
        }
    }

    private mutating func comment() throws(TOMLError) {
        while let byte = peek, byte != 0x0a, byte != 0x0d {
            if byte != 0x09, byte < 0x20 || byte == 0x7f { throw fail("a control character in a comment") }
            index += 1
        }
    }

    private mutating func skipSpaces() {
        while let byte = peek, byte == 0x20 || byte == 0x09 { index += 1 }
    }

    private func starts(with text: String) -> Bool {
        let prefix = Array(text.utf8)
        return bytes.count - index >= prefix.count && Array(bytes[index..<index + prefix.count]) == prefix
    }

    static func isBare(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}

/// Why text is not acceptable JSON.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// The byte offset where it went wrong.
    public var offset: Int

    /// `reason at byte offset`.
    public var description: String { "\(reason) at byte \(offset)" }
}

/// A strict RFC 8259 parser for untrusted input (token headers and claims, request bodies).
///
/// It refuses what lenient parsers let through and attackers rely on: duplicate object keys,
/// trailing content, invalid UTF-8, unpaired surrogates, leading zeros, control characters in
/// strings, and nesting deeper than `maxDepth`.
public enum StrictJSONParser {
    /// Parses a complete JSON text.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - maxDepth: The deepest nesting of arrays and objects accepted.
    /// - Returns: The value.
    /// - Throws: ``JSONParseError``.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        reader.skipWhitespace()
        let value = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("trailing content") }
        return value
    }

    /// Parses a complete JSON text from bytes.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - maxDepth: The deepest nesting accepted.
    /// - Returns: The value.
    /// - Throws: ``JSONParseError``.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONParseError) { return .success(try parse(buffer, maxDepth: maxDepth)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses a complete JSON text that must be an object.
    /// - Parameter bytes: UTF-8 text.
    /// - Returns: The object.
    /// - Throws: ``JSONParseError`` when the text is not JSON or not an object.
    public static func parseObject(_ bytes: [UInt8]) throws(JSONParseError) -> JSONObject {
        guard case .object(let object) = try parse(bytes) else {
            throw JSONParseError(reason: "expected an object", offset: 0)
        }
        return object
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
            guard index < bytes.count else { throw error("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
            case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
            default: throw error("unexpected character")
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("unexpected end") }
            let matches = literal.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            guard matches else { throw error("invalid literal") }
            index += count
        }

        mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
            guard depth <= maxDepth else { throw error("nesting too deep") }
            index += 1
            var entries: [JSONObject.Entry] = []
            entries.reserveCapacity(16)
            var seen: Set<String>?
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return JSONObject(uniqueEntries: entries)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try parseString()
                if entries.count < 16 {
                    if entries.contains(where: { $0.key == key }) { throw error("duplicate key \"\(key)\"") }
                } else {
                    if seen == nil { seen = Set(entries.map(\.key)) }
                    guard seen!.insert(key).inserted else { throw error("duplicate key \"\(key)\"") }
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth)
                entries.append(JSONObject.Entry(key: key, value: value))
                if seen != nil { seen!.insert(key) }
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return JSONObject(uniqueEntries: entries)
                }
                throw error("expected ',' or '}'")
            }
        }

        mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
            guard depth <= maxDepth else { throw error("nesting too deep") }
            index += 1
            var values: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return values
            }
            while true {
                skipWhitespace()
                values.append(try parseValue(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return values
                }
                throw error("expected ',' or ']'")
            }
        }

        mutating func parseString() throws(JSONParseError) -> String {
            index += 1
            let start = index
            // Fast path: no escapes, all printable.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return try makeString(slice, at: start)
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw error("control character in string") }
                index += 1
            }
            guard index < bytes.count else { throw error("unterminated string") }
            var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return try buffer.withUnsafeBufferPointer { slice throws(JSONParseError) in try makeString(slice, at: start) }
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): buffer.append(0x22)
                    case UInt8(ascii: "\\"): buffer.append(0x5C)
                    case UInt8(ascii: "/"): buffer.append(0x2F)
                    case UInt8(ascii: "b"): buffer.append(0x08)
                    case UInt8(ascii: "f"): buffer.append(0x0C)
                    case UInt8(ascii: "n"): buffer.append(0x0A)
                    case UInt8(ascii: "r"): buffer.append(0x0D)
                    case UInt8(ascii: "t"): buffer.append(0x09)
                    case UInt8(ascii: "u"): appendUTF8(of: try parseUnicodeEscape(), to: &buffer)
                    default: throw error("invalid escape")
                    }
                default:
                    guard byte >= 0x20 else { throw error("control character in string") }
                    buffer.append(byte)
                    index += 1
                }
            }
            throw error("unterminated string")
        }

        mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
            let high = try parseHex4()
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw error("invalid code point") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
            return scalar
        }

        mutating func parseHex4() throws(JSONParseError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("short unicode escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("invalid unicode escape")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        func appendUTF8(of scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
            buffer.append(contentsOf: UTF8.encode(scalar)!)
        }

        func makeString(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError) -> String {
            if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
            let string = String(decoding: slice, as: UTF8.self)
            guard string.utf8.elementsEqual(slice) else {
                throw JSONParseError(reason: "invalid UTF-8 in string", offset: offset)
            }
            return string
        }

        mutating func parseNumber() throws(JSONParseError) -> JSONValue {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw error("invalid number") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero") }
            } else if isDigit(bytes[index]) {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            } else {
                throw error("invalid number")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid fraction") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let value = Int64(text) { return .int(value) }
            guard let value = Double(text), value.isFinite else { throw error("number out of range") }
            return .double(value)
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}

/// TOML 1.0's integers and floats (toml.io "Integer", "Float"): decimal with an optional sign
/// and no leading zero, `0x`/`0o`/`0b` without a sign, `_` only between two digits; a float
/// has digits on both sides of its `.` and an optional exponent. `inf`, `nan` and dates are
/// refused.
enum TOMLNumber {
    /// Reads a value's text.
    /// - Parameters:
    ///   - token: The text.
    ///   - line: Its line, for the error.
    /// - Returns: `.integer` or `.float`.
    /// - Throws: ``TOMLError`` for anything else.
    static func parse(_ token: [UInt8], line: Int) throws(TOMLError) -> TOMLValue {
        let text = String(decoding: token, as: UTF8.self)
        let fail = { (reason: String) in TOMLError(line: line, reason: reason) }
        guard !text.isEmpty else { throw fail("expected a value") }
        if text.contains(":") || text.dropFirst(4).first == "-" { throw fail("dates and times are not supported") }
        for (radix, prefix) in [(16, "0x"), (8, "0o"), (2, "0b")] where text.hasPrefix(prefix) {
            let digits = String(text.dropFirst(2))
            guard underscoresBetweenDigits(digits, radix: radix), let value = Int64(digits.filter { $0 != "_" }, radix: radix) else {
                throw fail("\(text.prefix(40)) is not an integer (or is out of range)")
            }
            return .integer(value)
        }
        let unsigned = text.first == "+" || text.first == "-" ? String(text.dropFirst()) : text
        let isFloat = unsigned.contains(".") || unsigned.contains("e") || unsigned.contains("E")
        let integerPart = unsigned.prefix { $0 != "." && $0 != "e" && $0 != "E" }
        guard !integerPart.isEmpty, integerPart == "0" || !integerPart.hasPrefix("0") else {
            throw fail("\(text.prefix(40)) is not a number (no leading zeros)")
        }
        if isFloat {
            let parts = unsigned.split(separator: "e", omittingEmptySubsequences: false).flatMap {
                $0.split(separator: "E", omittingEmptySubsequences: false)
            }
            let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
            let exponent = parts.count == 2 ? String(parts[1].drop { $0 == "+" || $0 == "-" }) : "0"
            guard parts.count <= 2, mantissa.count <= 2, mantissa.allSatisfy({ underscoresBetweenDigits(String($0), radix: 10) }),
                underscoresBetweenDigits(exponent, radix: 10), let value = Double(text.filter { $0 != "_" }), value.isFinite
            else { throw fail("\(text.prefix(40)) is not a number") }
            return .float(value)
        }
        guard underscoresBetweenDigits(unsigned, radix: 10), let value = Int64(text.filter { $0 != "_" }) else {
            throw fail("\(text.prefix(40)) is not a number (or is out of range)")
        }
        return .integer(value)
    }

    /// Whether the text is digits of the radix, at least one, with each `_` between two digits.
    private static func underscoresBetweenDigits(_ text: String, radix: Int) -> Bool {
        let characters = Array(text)
        guard !characters.isEmpty else { return false }
        for (offset, character) in characters.enumerated() {
            if character == "_" {
                let between = offset > 0 && offset < characters.count - 1
                guard between, characters[offset - 1] != "_", characters[offset + 1] != "_" else { return false }
            } else if character.hexDigitValue.map({ $0 >= radix }) ?? true {
                return false
            }
        }
        return true
    }
}

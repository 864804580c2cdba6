import AuthJWT

/// One `.env` file's statements in github.com/joho/godotenv's syntax (`parser.go`), for
/// ``SupabaseDotEnv``: a later definition of a name in the same file replaces an earlier one, as
/// godotenv's map does. Errors name the file and line, never the value.
struct DotEnvParser {
    let path: String
    /// Where `$NAME` is looked up after the names the file defined before it.
    let environment: [String: String]
    private var scalars: [Unicode.Scalar] = []
    private var index = 0
    private var line = 1

    init(path: String, environment: [String: String]) {
        self.path = path
        self.environment = environment
    }

    /// The file's variables.
    /// - Parameter bytes: The file.
    /// - Returns: The variables by name.
    /// - Throws: ``SupabaseDotEnv/Failure`` naming the line.
    mutating func parse(_ bytes: [UInt8]) throws(SupabaseDotEnv.Failure) -> [String: String] {
        guard let text = WellFormedUTF8.string(bytes) else { throw failure("not UTF-8", line: 0) }
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "---\n", with: "\n")
        scalars = Array(normalized.unicodeScalars)
        guard scalars.lazy.filter({ $0 == "\n" }).count < SupabaseDotEnv.maxLines else {
            throw failure("more than \(SupabaseDotEnv.maxLines) lines", line: 0)
        }
        var out: [String: String] = [:]
        while let key = try nextKey() {
            out[key] = try value(defined: out)
        }
        return out
    }

    private func failure(_ reason: String, line: Int) -> SupabaseDotEnv.Failure {
        SupabaseDotEnv.Failure(path: path, line: line, reason: reason)
    }

    /// Space that is not a line break (godotenv's `isSpace`).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        ["\t", "\u{0B}", "\u{0C}", "\r", " ", "\u{85}", "\u{A0}"].contains(scalar)
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    /// Skips blank space and comment lines, then reads a name up to `=` or `:`; `nil` at the end.
    private mutating func nextKey() throws(SupabaseDotEnv.Failure) -> String? {
        while index < scalars.count {
            if scalars[index].properties.isWhitespace {
                advance()
            } else if scalars[index] == "#" {
                while index < scalars.count, scalars[index] != "\n" { advance() }
            } else {
                break
            }
        }
        guard index < scalars.count else { return nil }
        let export = Array("export".unicodeScalars)
        if scalars[index...].starts(with: export), index + export.count < scalars.count, Self.isSpace(scalars[index + export.count]) {
            index += export.count
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        }
        let start = index
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "=" || scalar == ":" {
                var key = String(String.UnicodeScalarView(scalars[start..<index]))
                while let last = key.unicodeScalars.last, Self.isSpace(last) { key.unicodeScalars.removeLast() }
                index += 1
                while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
                return key
            }
            guard
                Self.isSpace(scalar) || scalar == "_" || scalar == "." || scalar.properties.isAlphabetic
                    || ("0"..."9").contains(scalar)
            else {
                throw failure("unexpected character in a variable name (variable names match [A-Za-z0-9_.])", line: line)
            }
            index += 1
        }
        throw failure("a variable name without = or : after it", line: line)
    }

    /// The value after `=`: quoted (over lines) or up to the end of the line.
    private mutating func value(defined: [String: String]) throws(SupabaseDotEnv.Failure) -> String {
        guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
            let start = index
            while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
            var end = index
            if let comment = (start + 1..<max(start + 1, index)).last(where: { scalars[$0] == "#" && Self.isSpace(scalars[$0 - 1]) }) {
                end = comment
            }
            var text = Array(scalars[start..<end])
            while let first = text.first, Self.isSpace(first) { text.removeFirst() }
            while let last = text.last, Self.isSpace(last) { text.removeLast() }
            return expand(text, defined: defined)
        }
        let quote = scalars[index]
        let opened = line
        var close = index + 1
        while close < scalars.count, scalars[close] != quote || scalars[close - 1] == "\\" { close += 1 }
        guard close < scalars.count else { throw failure("a quoted value is not closed", line: opened) }
        let content = Array(scalars[(index + 1)..<close])
        while index <= close { advance() }
        return quote == "'" ? String(String.UnicodeScalarView(content)) : expand(unescape(content), defined: defined)
    }

    /// godotenv's `expandEscapes`: `\n` and `\r` are line breaks, `\$` stays for ``expand``, and a
    /// backslash before any other character is dropped.
    private func unescape(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var position = 0
        while position < text.count {
            guard text[position] == "\\", position + 1 < text.count else {
                out.append(text[position])
                position += 1
                continue
            }
            switch text[position + 1] {
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "$": out += ["\\", "$"]
            default: out.append(text[position + 1])
            }
            position += 2
        }
        return out
    }

    /// godotenv's `expandVariables`: `$NAME`, `${NAME}` (NAME of `A-Z0-9_`) is the value defined
    /// before in the file, else the environment's, else empty; `\$` is `$`; `$(` loses its `$`.
    private func expand(_ text: [Unicode.Scalar], defined: [String: String]) -> String {
        var out = String.UnicodeScalarView()
        var position = 0
        while position < text.count {
            let scalar = text[position]
            if scalar == "\\", position + 1 < text.count, text[position + 1] == "$" {
                out.append("$")
                position += 2
                continue
            }
            guard scalar == "$" else {
                out.append(scalar)
                position += 1
                continue
            }
            if position + 1 < text.count, text[position + 1] == "(" {
                position += 1
                continue
            }
            var cursor = position + 1
            let braced = cursor < text.count && text[cursor] == "{"
            if braced { cursor += 1 }
            let nameStart = cursor
            while cursor < text.count, text[cursor] == "_" || ("A"..."Z").contains(text[cursor]) || ("0"..."9").contains(text[cursor]) {
                cursor += 1
            }
            guard cursor > nameStart else {
                out.append(scalar)
                position += 1
                continue
            }
            let name = String(String.UnicodeScalarView(text[nameStart..<cursor]))
            if cursor < text.count, text[cursor] == "}" { cursor += 1 }
            out.append(contentsOf: (defined[name] ?? environment[name] ?? "").unicodeScalars)
            position = cursor
        }
        return String(out)
    }
}

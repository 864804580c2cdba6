/// Text from elsewhere (a server's error message, a user's display name, an email address) made
/// safe to print on a terminal: control characters and the bidirectional-override characters
/// are shown as escapes, so no escape sequence (retitling the terminal, recolouring or
/// rewriting lines) and no reordering reaches the screen. `--json` output is escaped by the JSON
/// writer instead.
enum TerminalText {
    /// The text with every control character written as an escape: `\n`, `\r`, `\t`, `\e`, or
    /// `\u{…}`.
    /// - Parameter text: Text from outside the program.
    /// - Returns: Printable text.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }

    /// The same, keeping line breaks and tabs (for multi-line text such as usage messages).
    /// - Parameter text: Text that may quote what was typed.
    /// - Returns: Printable text.
    static func escapedKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\t") }
            .joined(separator: "\n")
    }

    /// C0 and C1 controls, DEL, and the bidirectional embedding, override and isolate characters.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

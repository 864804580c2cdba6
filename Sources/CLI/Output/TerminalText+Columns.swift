extension TerminalText {
    /// A label followed by spaces up to `width` characters, for `label  value` lines whose values
    /// line up: what Foundation's `padding(toLength:withPad:startingAt:)` gave for this tool's
    /// labels (its own words, one UTF-16 unit a character), without bridging to `NSString`, whose
    /// first use in a process cost a returning sign-in more than the rest of its output.
    /// A label longer than `width` is kept whole.
    /// - Parameters:
    ///   - label: The label.
    ///   - width: The width of the column, in characters.
    /// - Returns: The label, padded.
    static func padded(_ label: String, toWidth width: Int) -> String {
        label + String(repeating: " ", count: max(0, width - label.count))
    }

    /// `label  value` lines, each indented by two spaces, the values lined up two spaces after
    /// the longest label (``padded(_:toWidth:)``). The values are used as given: escape text from
    /// elsewhere first.
    /// - Parameter lines: The labels and their values.
    /// - Returns: One line each, without line breaks.
    static func columns(_ lines: [(String, String)]) -> [String] {
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { "  " + padded($0.0, toWidth: width) + "  " + $0.1 }
    }
}

/// A `GOTRUE_URI_ALLOW_LIST` entry, matched as GoTrue compiles it (`gobwas/glob` with `.` and
/// `/` as separators): `*` is any run of characters without a separator, `**` any run at all,
/// `?` one character that is not a separator, `[abc]`/`[!abc]` a class, with ranges (`[a-z]`,
/// `[!0-9]`), `{a,b}` alternatives.
struct SupabaseURIGlob {
    private let pattern: [Character]
    private static let separators: Set<Character> = [".", "/"]

    init(_ pattern: String) { self.pattern = Array(pattern) }

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        var budget = 100_000
        return Self.match(pattern[...], Array(text)[...], budget: &budget)
    }

    /// Whether a class's members (`abc`, `a-z0-9`) hold `character`.
    private static func classContains(_ members: ArraySlice<Character>, _ character: Character) -> Bool {
        let list = Array(members)
        var index = 0
        while index < list.count {
            if index + 2 < list.count, list[index + 1] == "-" {
                if list[index] <= character && character <= list[index + 2] { return true }
                index += 3
            } else {
                if list[index] == character { return true }
                index += 1
            }
        }
        return false
    }

    /// Backtracking matcher, bounded by a step budget so a hostile pattern cannot run forever.
    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>, budget: inout Int) -> Bool {
        budget -= 1
        guard budget > 0 else { return false }
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            let superStar = pattern.dropFirst().first == "*"
            let rest = pattern.dropFirst(superStar ? 2 : 1)
            var index = text.startIndex
            while true {
                if match(rest, text[index...], budget: &budget) { return true }
                guard index < text.endIndex, superStar || !separators.contains(text[index]) else { return false }
                index = text.index(after: index)
            }
        case "?":
            guard let character = text.first, !separators.contains(character) else { return false }
            return match(pattern.dropFirst(), text.dropFirst(), budget: &budget)
        case "[":
            guard let close = pattern.firstIndex(of: "]"), let character = text.first else { return false }
            var members = pattern[pattern.index(after: pattern.startIndex)..<close]
            let negated = members.first == "!"
            if negated { members = members.dropFirst() }
            guard Self.classContains(members, character) != negated else { return false }
            return match(pattern[pattern.index(after: close)...], text.dropFirst(), budget: &budget)
        case "{":
            guard let close = pattern.firstIndex(of: "}") else { return false }
            let rest = pattern[pattern.index(after: close)...]
            for option in pattern[pattern.index(after: pattern.startIndex)..<close].split(separator: ",", omittingEmptySubsequences: false)
            where match(option + rest, text, budget: &budget) {
                return true
            }
            return false
        case "\\":
            let escaped = pattern.dropFirst()
            guard let literal = escaped.first, text.first == literal else { return false }
            return match(escaped.dropFirst(), text.dropFirst(), budget: &budget)
        default:
            guard text.first == first else { return false }
            return match(pattern.dropFirst(), text.dropFirst(), budget: &budget)
        }
    }
}

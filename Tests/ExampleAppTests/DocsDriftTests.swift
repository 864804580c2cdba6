import Foundation
import Testing

/// Docs/Testing.md shows the examples of `SignInExamples.swift` verbatim: each region between
/// `// docs:begin NAME` and `// docs:end` (its indentation removed) is the ```swift block that
/// follows `<!-- example: NAME -->` in the article. A change on either side fails here.
@Suite("Docs/Testing.md: the examples are the tests")
struct DocsDriftTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The marked regions of a Swift file, by name, dedented by their first line's indentation.
    static func regions(in source: String) -> [(name: String, text: String)] {
        var found: [(String, String)] = []
        var name: String?
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// docs:begin ") {
                name = String(trimmed.dropFirst("// docs:begin ".count))
                lines = []
            } else if trimmed == "// docs:end", let current = name {
                let indent = lines.first.map { $0.prefix { $0 == " " }.count } ?? 0
                let dedented = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                found.append((current, dedented.joined(separator: "\n")))
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return found
    }

    /// The ```swift block after `<!-- example: NAME -->` in a Markdown text.
    static func block(named name: String, in markdown: String) -> String? {
        guard let marker = markdown.range(of: "<!-- example: \(name) -->\n```swift\n") else { return nil }
        guard let end = markdown.range(of: "\n```", range: marker.upperBound..<markdown.endIndex) else { return nil }
        return String(markdown[marker.upperBound..<end.lowerBound])
    }

    @Test("every marked example is in the article, character for character, and the article shows no other")
    func articleMatchesTheTests() throws {
        let examples = Self.root.appendingPathComponent("Tests/ExampleAppTests/SignInExamples.swift")
        let source = try String(contentsOf: examples, encoding: .utf8)
        let article = try String(contentsOf: Self.root.appendingPathComponent("Docs/Testing.md"), encoding: .utf8)
        let regions = Self.regions(in: source)
        #expect(
            regions.map(\.name) == [
                "first-apple-sign-in", "returning-apple-sign-in", "cancelled-apple-sign-in", "expired-session-refreshed",
                "offline-refresh-keeps-user", "delete-account-revokes-apple",
            ])
        for region in regions {
            let block = Self.block(named: region.name, in: article)
            #expect(block == region.text, "Docs/Testing.md's \(region.name) differs from SignInExamples.swift")
        }
        #expect(article.components(separatedBy: "<!-- example: ").count - 1 == regions.count)
    }

    @Test("the drift check notices a changed line")
    func driftIsNoticed() {
        let source = "    // docs:begin a\n    let x = 1\n    // docs:end\n"
        let region = Self.regions(in: source)
        #expect(region.map(\.text) == ["let x = 1"])
        #expect(Self.block(named: "a", in: "<!-- example: a -->\n```swift\nlet x = 2\n```\n") != region.first?.text)
        #expect(Self.block(named: "a", in: "<!-- example: a -->\n```swift\nlet x = 1\n```\n") == region.first?.text)
    }
}

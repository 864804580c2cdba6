import Foundation
import Testing

@testable import AuthEmulator

/// The route list in `Docs/Emulator.md` is the emulator's route tables, rendered: a route added,
/// removed or renamed in a table fails this test until the doc says the same.
@Suite("Route list")
struct RouteListTests {
    private static let begin = "<!-- routes:begin (generated from the route tables; RouteListTests checks it) -->"
    private static let end = "<!-- routes:end -->"

    /// The Markdown the tables give.
    static func rendered() -> String {
        Emulator.routeTables.map { table in
            var lines = ["### \(table.service)", "", "| Method | Path | What |", "|---|---|---|"]
            for route in table.routes {
                let path = table.prefix + (route.pattern == "/" && !table.prefix.isEmpty ? "" : route.pattern)
                lines.append("| `\(route.method)` | `\(path)` | \(route.summary.replacingOccurrences(of: "|", with: "\\|")) |")
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    @Test("Docs/Emulator.md lists exactly the routes the tables serve")
    func docsMatchTables() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/Emulator.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "Docs/Emulator.md has no routes:begin marker")
        let stop = try #require(text.range(of: Self.end), "Docs/Emulator.md has no routes:end marker")
        let section = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = Self.rendered()
        if ProcessInfo.processInfo.environment["UPDATE_ROUTE_DOCS"] == "1", section != expected {
            // `UPDATE_ROUTE_DOCS=1 swift test --filter RouteListTests` rewrites the section.
            try (text[..<start.upperBound] + "\n" + expected + "\n" + text[stop.lowerBound...]).write(
                to: docs, atomically: true, encoding: .utf8)
            return
        }
        #expect(section == expected, "Docs/Emulator.md's route list differs from the tables; it should read:\n\(expected)")
    }

    @Test("no two routes of one table share a method and a path")
    func unique() {
        for table in Emulator.routeTables {
            let keys = table.routes.map { "\($0.method) \($0.pattern)" }
            #expect(Set(keys).count == keys.count, "\(table.service) repeats a route")
        }
    }
}

/// What the tables answer for paths and methods they do not serve, in each service's shape.
@Suite("Route tables: 404 and 405")
struct RouteTableAnswerTests {
    @Test(
        "a served path with another method is 405 with Allow; an unserved path is 404, for every service",
        arguments: [
            ("GET", "/auth/v1/logout?apikey=KEY", "DELETE", "/auth/v1/nothing?apikey=KEY", "POST"),
            (
                "GET", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", "POST",
                "/identitytoolkit.googleapis.com/v1/accounts:nothing?key=k", "POST"
            ),
            ("POST", "/appleid/auth/keys", "GET", "/appleid/auth/nothing", "GET"),
            ("GET", "/google/signin", "POST", "/google/nothing", "POST"),
            ("DELETE", "/mailbox/ada@example.com", "GET", "/nothing", "GET"),
        ])
    func wrongMethodAndUnknownPath(wrongMethod: String, servedPath: String, otherMethod: String, unknownPath: String, allowed: String)
        async throws
    {
        let sut = try await EmulatorHarness.make()
        let key = sut.emulator.anonKey
        let wrong = await sut.send(wrongMethod, servedPath.replacingOccurrences(of: "KEY", with: key))
        #expect(wrong.status == 405)
        #expect(wrong.headers.contains { $0.0 == "Allow" && $0.1.contains(allowed) })
        let unknown = await sut.send(otherMethod, unknownPath.replacingOccurrences(of: "KEY", with: key))
        #expect(unknown.status == 404)
    }
}

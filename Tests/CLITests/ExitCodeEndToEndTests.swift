import AuthTestSupport
import Foundation
import Testing

/// One exit-code table, in the README and in `--help`, that every command follows (issue 15,
/// item 10): a command for each status, on both backends where the backends differ.
@Suite("login: exit codes")
struct ExitCodeEndToEndTests {
    /// The table as `login --help` prints it and the README shows it.
    private static let table: [(Int32, String)] = [
        (0, "success"), (1, "refused"), (2, "usage"), (3, "cancelled"), (4, "network"), (5, "state directory unusable"), (6, "busy"),
    ]

    @Test("the README's table and --help list every status with its meaning")
    func documented() async throws {
        let cli = try await LoginCLI.make()
        let help = try await cli.runner.run(["--help"], timeLimit: 30).stdout
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        for (status, meaning) in Self.table {
            #expect(help.contains("\(status) \(meaning)"), "--help lacks \(status) \(meaning)")
            #expect(readme.contains("| \(status) |"), "the README's table lacks \(status)")
        }
    }

    @Test("each status from a real situation", arguments: ["supabase", "firebase"])
    func eachStatus(backend: String) async throws {
        let cli = try await LoginCLI.make()
        let flags = ["--backend", backend]
        #expect(try await cli.run(["anonymous"] + flags).status == 0)
        #expect(
            try await cli.run(["otp", "--email", "code@example.com", "--code", "000000"] + flags).status == 1, "a wrong code is refused")
        #expect(try await cli.run(["logout"] + flags).status == 0)
        #expect(try await cli.run(["refresh"] + flags).status == 1, "not signed in")
        #expect(try await cli.run(["apple", "--backend", "parse"]).status == 2)
        #expect(try await cli.run(["apple", "--cancel"] + flags).status == 3)
        let unreachable = try await cli.run(["anonymous"] + remoteNobody(backend))
        #expect(unreachable.status == 4, "\(unreachable.stderr)")
        let damaged = try await LoginCLI.make()
        #expect(try await damaged.run(["anonymous"]).status == 0)
        try Data("garbage".utf8).write(to: damaged.state.url.appendingPathComponent("auth.sqlite3"))
        #expect(try await damaged.run(["anonymous"] + flags).status == 5)
        let (server, _) = try await cli.serve(sharingState: true)
        #expect(try await cli.run(["serve", "--port", "0"]).status == 6, "a second serve on a served directory is busy")
        #expect(try await cli.run(["anonymous"] + flags).status == 0, "other commands there use the server")
        await server.stop()
    }

    @Test(
        "item 10: the same situation has the same code on both backends, and unlinking what is not linked exits like the last provider does"
    )
    func sameCodes() async throws {
        for backend in ["supabase", "firebase"] {
            let cli = try await LoginCLI.make()
            let flags = ["--backend", backend]
            _ = try await cli.json(["apple", "--email", "codes@example.com", "--name", "Co Des"] + flags)
            let notLinked = try await cli.json(["unlink", "google"] + flags)
            #expect(Reply.errorCode(notLinked) == "provider_not_linked")
            let last = try await cli.json(["unlink", "apple"] + flags)
            #expect(Reply.errorCode(last) == "last_sign_in_method")
            let (notLinkedStatus, lastStatus) = (
                try await cli.run(["unlink", "google"] + flags).status, try await cli.run(["unlink", "apple"] + flags).status
            )
            #expect(notLinkedStatus == 1 && lastStatus == 1)
        }
    }

    /// Remote flags that point at a port nothing listens on.
    private func remoteNobody(_ backend: String) -> [String] {
        backend == "supabase"
            ? ["--supabase-url", "http://127.0.0.1:9", "--supabase-key", "k"] : ["--firebase-emulator-host", "127.0.0.1:9"]
    }
}

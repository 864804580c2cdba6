import AuthTestSupport
import Foundation
import Testing

/// What reaches the terminal (issue 14, items 7 and 8): text from a server or a user is escaped
/// in human output and logs (`--json` escapes it as JSON), addresses with control characters
/// are refused, and a server others can reach says what is open on it. Each test failed on main.
@Suite("login: output safety")
struct OutputSafetyEndToEndTests {
    private static let escape = "\u{1B}"
    private static let hostileName = "\u{1B}]0;pwned\u{07}Eve \u{1B}[31mRed"

    @Test("14.7: a display name with escape sequences prints escaped; --json carries it exactly")
    func hostileDisplayName() async throws {
        let cli = try await LoginCLI.make()
        let human = try await cli.run(["google", "--email", "eve@example.com", "--name", Self.hostileName])
        #expect(human.status == 0, "\(human.stderr)")
        #expect(!human.stdout.contains(Self.escape) && !human.stderr.contains(Self.escape), "raw ESC reached the terminal")
        #expect(human.stdout.contains("\\e]0;pwned\\u{7}Eve \\e[31mRed"), "\(human.stdout)")
        let json = try await cli.json(["status"])
        #expect(Reply.user(json)["displayName"] as? String == Self.hostileName)
        let watch = try RunningCommand(cli.runner, ["status", "--watch", "--state-dir", cli.state.path])
        #expect(await watch.waitFor("initialSession", timeout: 20) != nil)
        watch.interrupt()
        #expect(await watch.waitForExit(timeout: 20) == 0, "Ctrl-C ends a watch with 0")
    }

    @Test("14.7: a server's error message with escape sequences prints escaped, in the error line and in --verbose logs")
    func hostileServerMessage() async throws {
        let cli = try await LoginCLI.make()
        let server = try LoopbackHTTPServer { _, connection in
            try connection.respond(
                status: 422, headers: ["Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01"],
                body: #"{"code":"weird","message":"\u001b[2J\u001b]0;owned\u0007gotcha"}"#)
        }
        defer { server.stop() }
        let result = try await cli.run(["anonymous", "--supabase-url", server.baseURL.absoluteString, "--supabase-key", "k", "--verbose"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains(Self.escape), "raw ESC reached the terminal: \(result.stderr.debugDescription)")
        #expect(result.stderr.contains("\\e[2J\\e]0;owned\\u{7}gotcha"), "\(result.stderr)")
        let json = try await cli.json(["anonymous", "--supabase-url", server.baseURL.absoluteString, "--supabase-key", "k"])
        #expect((json["error"] as? [String: Any])?["message"] as? String == "\u{1B}[2J\u{1B}]0;owned\u{07}gotcha")
        #expect(Reply.errorCode(json) == "weird")
    }

    @Test(
        "14.7: an email address with a control character (NUL included) is refused as invalid, and echoed escaped",
        arguments: ["a\u{01}@example.com", "a@exam\u{1B}[2Jple.com", "a\u{7F}@example.com"])
    func controlCharacterEmail(address: String) async throws {
        let cli = try await LoginCLI.make()
        let result = try await cli.run(["otp", "--email", address])
        #expect(result.status == 2)
        #expect(!result.stderr.contains(Self.escape) && !result.stderr.contains("\u{01}") && !result.stderr.contains("\u{7F}"))
        #expect(result.stderr.contains("is not an email address"))
    }

    @Test("14.8: serve on a non-loopback address warns what is open; on loopback it does not")
    func exposedServe() async throws {
        let cli = try await LoginCLI.make()
        let exposed = try RunningCommand(
            cli.runner, ["serve", "--host", "0.0.0.0", "--port", "0", "--ephemeral", "--state-dir", cli.state.path])
        #expect(await exposed.waitFor("  State ", timeout: 30) != nil, "\(exposed.stdout)\(exposed.stderr)")
        for words in [
            "warning: serving on 0.0.0.0", "every mailbox", "mint simulated Apple and Google ID tokens", "take over every account",
        ] {
            #expect(exposed.stderr.contains(words), "missing \"\(words)\" in \(exposed.stderr)")
        }
        exposed.interrupt()
        #expect(await exposed.waitForExit(timeout: 20) == 0)
        #expect(exposed.stderr.contains("nothing saved (--ephemeral)"), "item 11: --ephemeral does not say state saved")

        let loopback = try RunningCommand(cli.runner, ["serve", "--port", "0", "--ephemeral", "--state-dir", cli.state.path])
        #expect(await loopback.waitFor("  State ", timeout: 30) != nil)
        #expect(!loopback.stderr.contains("warning"))
        loopback.interrupt()
        #expect(await loopback.waitForExit(timeout: 20) == 0)
    }
}

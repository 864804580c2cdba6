import AuthTestSupport
import Foundation
import Testing

@Suite("login: status --watch")
struct WatchEndToEndTests {
    @Test("prints the initial session first, then the auto-refresh loop's refreshes, while other commands keep working")
    func watch() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let state = TemporaryDirectory()
        #expect(try await runner.run(["anonymous", "--state-dir", state.path]).status == 0)
        let (process, pipe) = try runner.start(["status", "--watch", "--json", "--refresh-lead", "3599", "--state-dir", state.path])
        defer { if process.isRunning { process.terminate() } }

        var lines: [[String: Any]] = []
        var buffer = ""
        let handle = pipe.fileHandleForReading
        let watchdog = process.terminate(after: 30)
        defer { watchdog.cancel() }
        while !lines.contains(where: { $0["event"] as? String == "tokenRefreshed" }) {
            let chunk = await handle.availableDataOffPool()
            guard !chunk.isEmpty else { break }
            buffer += String(decoding: chunk, as: UTF8.self)
            while let newline = buffer.firstIndex(of: "\n") {
                let line = String(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { lines.append(object) }
            }
            if lines.count == 1 {
                #expect(try await runner.run(["status", "--state-dir", state.path]).status == 0, "other commands run while watching")
            }
        }
        #expect(lines.first?["event"] as? String == "initialSession")
        #expect(lines.first?["signedIn"] as? Bool == true)
        let refreshed = try #require(lines.first { $0["event"] as? String == "tokenRefreshed" })
        #expect(((refreshed["session"] as? [String: Any])?["accessToken"] as? String)?.hasSuffix("…[redacted]") == true)
        process.terminate()
    }
}

/// What other processes do while a watch runs (issue 15, item 2).
@Suite("login: status --watch sees other processes")
struct WatchOtherProcessesEndToEndTests {
    @Test("a refresh, a sign-in and a logout in another process are printed as they happen", arguments: ["supabase", "firebase"])
    func otherProcesses(backend: String) async throws {
        let cli = try await LoginCLI.make()
        let flags = ["--backend", backend]
        _ = try await cli.json(["anonymous"] + flags)
        let watch = try RunningCommand(cli.runner, ["status", "--watch", "--json", "--state-dir", cli.state.path] + flags)
        #expect(await watch.waitFor("\"event\":\"initialSession\"", timeout: 20) != nil, "\(watch.stdout)\(watch.stderr)")

        #expect(try await cli.run(["refresh"] + flags).status == 0)
        #expect(await watch.waitFor("\"event\":\"tokenRefreshed\"", timeout: 15) != nil, "a refresh elsewhere: \(watch.stdout)")
        let google = try await cli.json(["google", "--email", "elsewhere@example.com", "--name", "Else Where"] + flags)
        #expect(await watch.waitFor("\"event\":\"signedIn\"", timeout: 15) != nil, "a sign-in elsewhere: \(watch.stdout)")
        #expect(watch.stdout.contains(Reply.userID(google)))

        #expect(try await cli.run(["logout"] + flags).status == 0)
        #expect(await watch.waitFor("\"event\":\"signedOut\"", timeout: 15) != nil, "no signedOut after the logout: \(watch.stdout)")
        #expect(await watch.waitFor("\"reason\":\"signedOutElsewhere\"", timeout: 5) != nil, "a logout reads as one: \(watch.stdout)")
        #expect(!watch.stdout.contains("expired or revoked"))
        watch.interrupt()
        #expect(await watch.waitForExit(timeout: 10) == 0)
    }
}

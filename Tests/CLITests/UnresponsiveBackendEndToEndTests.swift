import AuthTestSupport
import Foundation
import Testing

/// `login` pointed at a remote backend that accepts the connection and never answers: the
/// request ends at `--timeout`, the message says so, and the exit status is the network one
/// (issue 14, item 2).
@Suite("login: a remote backend that never answers")
struct UnresponsiveBackendEndToEndTests {
    /// Runs `login anonymous --timeout 1` against a server that reads the request and waits.
    /// - Returns: The run, the server's base URL, and how many requests it read.
    private func runAgainstSilentServer(json: Bool) async throws -> (result: CommandRunner.Result, server: URL, requests: Int) {
        let runner = try CommandRunner.builtProduct("login")
        let server = try LoopbackHTTPServer { _, connection in _ = connection.pause(.seconds(30)) }
        defer { server.stop() }
        let state = TemporaryDirectory()
        let arguments =
            [
                "anonymous", "--supabase-url", server.baseURL.absoluteString, "--supabase-key", "anon-key", "--timeout", "1",
                "--state-dir", state.path,
            ] + (json ? ["--json"] : [])
        // The watchdog (30 s) only stops a run that ignores --timeout; it is not the test.
        let result = try await runner.run(arguments, timeLimit: 30)
        return (result, server.baseURL, server.requests.count)
    }

    @Test("--timeout 1: exit 4, error code network, \"timed out after 1 s\", the request sent once")
    func jsonOutput() async throws {
        let (result, server, requests) = try await runAgainstSilentServer(json: true)

        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "network")
        #expect((error["message"] as? String)?.contains("POST \(server.absoluteString): timed out after 1 s") == true, "\(error)")
        #expect(requests == 1, "an anonymous sign-up is not idempotent: never retried")
    }

    @Test("the human-readable message names the deadline too")
    func humanOutput() async throws {
        let (result, _, _) = try await runAgainstSilentServer(json: false)

        #expect(result.status == 4)
        #expect(result.stderr.contains("error: could not reach the backend: POST http://127.0.0.1:"), "\(result.stderr)")
        #expect(result.stderr.contains("timed out after 1 s"))
        #expect(!result.stderr.contains("anon-key"))
    }
}

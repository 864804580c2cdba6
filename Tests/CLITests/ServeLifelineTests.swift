import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// `login serve --stop-when-stdin-closes`: a server run as a child ends with its parent. Without
/// it, servers started by a test process that crashed kept running and held the test runner's
/// output open.
@Suite("login serve --stop-when-stdin-closes")
struct ServeLifelineTests {
    @Test("the server answers while its standard input is open, and exits by itself, status 0, once it closes")
    func stopsAtEndOfInput() async throws {
        let server = try await ServeProcess(
            runner: try CommandRunner.builtProduct("login"), arguments: ["--state-dir", TemporaryDirectory().path, "--ephemeral"])
        let health = try StrictJSONParser.parseObject(Array(try await server.send("GET", "/auth/v1/health")))
        #expect(health["name"]?.stringValue == "GoTrue")
        let ended = await server.closeLifelineAndWait(killAfter: 120)
        #expect(ended == .exit, "it exited by itself; the deadline's SIGKILL did not end it")
    }
}

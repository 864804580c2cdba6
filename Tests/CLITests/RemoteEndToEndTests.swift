import AuthTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `login serve` as a process, and `login` pointed at it with the REST adapters
/// (`--supabase-url`, `--firebase-api-key`, `--idp-url`).
@Suite("login: against the emulator")
struct RemoteEndToEndTests {
    private func json(_ runner: CommandRunner, _ arguments: [String]) async throws -> [String: Any] {
        let result = try await runner.run(arguments + ["--json"])
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    private func user(_ object: [String: Any]) -> [String: Any] { object["user"] as? [String: Any] ?? [:] }

    @Test("Supabase over HTTP: Apple first then returning, OTP through the emulator's mailbox, refresh, logout")
    func supabase() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let serverState = TemporaryDirectory()
        let clientState = TemporaryDirectory()
        let server = try await ServeProcess(runner: runner, arguments: ["--state-dir", serverState.path])
        let remote = [
            "--supabase-url", server.baseURL, "--supabase-key", server.anonKey, "--idp-url", server.baseURL, "--state-dir",
            clientState.path,
        ]

        let first = try await json(runner, ["apple", "--email", "remote@example.com", "--name", "Ada Lovelace"] + remote)
        #expect(first["isNewUser"] as? Bool == true)
        let second = try await json(runner, ["apple", "--email", "remote@example.com"] + remote)
        #expect(second["isNewUser"] as? Bool == false)
        #expect(user(second)["id"] as? String == user(first)["id"] as? String)
        #expect(user(second)["displayName"] as? String == "Ada Lovelace")

        #expect(try await runner.run(["otp", "--email", "remote-otp@example.com"] + remote).status == 0)
        let mailbox = try await json(runner, ["mailbox", "--email", "remote-otp@example.com"] + remote)
        let code = try #require((mailbox["messages"] as? [[String: Any]])?.last?["code"] as? String)
        let otp = try await json(runner, ["otp", "--email", "remote-otp@example.com", "--code", code] + remote)
        #expect(user(otp)["email"] as? String == "remote-otp@example.com")

        #expect(try await json(runner, ["refresh"] + remote)["event"] as? String == "tokenRefreshed")
        #expect(try await json(runner, ["logout", "--scope", "global"] + remote)["event"] as? String == "signedOut")
        #expect(try await json(runner, ["status"] + remote)["signedIn"] as? Bool == false)
        #expect(await server.stop() == 0)
    }

    @Test("Firebase over HTTP through the emulator host: Google, anonymous, refresh")
    func firebase() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let serverState = TemporaryDirectory()
        let clientState = TemporaryDirectory()
        let server = try await ServeProcess(runner: runner, arguments: ["--state-dir", serverState.path, "--ephemeral"])
        let remote = [
            "--firebase-api-key", "test-key", "--firebase-emulator-host", server.hostAndPort, "--firebase-project", "demo-authcoordinator",
            "--firebase-admin-token", "owner", "--idp-url", server.baseURL, "--state-dir", clientState.path,
        ]
        let google = try await json(runner, ["google", "--email", "grace@example.com", "--name", "Grace Hopper"] + remote)
        #expect(google["backend"] as? String == "firebase")
        #expect(user(google)["providers"] as? [String] == ["google"])
        let guest = try await json(runner, ["anonymous"] + remote)
        #expect(user(guest)["isAnonymous"] as? Bool == true)
        #expect(try await json(runner, ["refresh"] + remote)["event"] as? String == "tokenRefreshed")
        #expect(try await json(runner, ["logout", "--scope", "global"] + remote)["event"] as? String == "signedOut")
        await server.stop()
    }

    @Test("restarting the emulator keeps users and sessions; --ephemeral keeps none")
    func restart() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let serverState = TemporaryDirectory()
        let clientState = TemporaryDirectory()
        var server = try await ServeProcess(runner: runner, arguments: ["--state-dir", serverState.path])
        let remote = { (server: ServeProcess) in
            [
                "--supabase-url", server.baseURL, "--supabase-key", server.anonKey, "--idp-url", server.baseURL, "--state-dir",
                clientState.path,
            ]
        }
        let first = try await json(runner, ["apple", "--email", "keep@example.com", "--name", "Keep Me"] + remote(server))
        #expect(await server.stop() == 0, "SIGTERM is a clean shutdown")

        server = try await ServeProcess(runner: runner, arguments: ["--state-dir", serverState.path], port: server.port)
        #expect(
            try await json(runner, ["refresh"] + remote(server))["event"] as? String == "tokenRefreshed", "the session survived the restart"
        )
        let again = try await json(runner, ["apple", "--email", "keep@example.com"] + remote(server))
        #expect(again["isNewUser"] as? Bool == false)
        #expect(user(again)["id"] as? String == user(first)["id"] as? String)
        await server.stop()

        server = try await ServeProcess(runner: runner, arguments: ["--state-dir", serverState.path, "--ephemeral"], port: server.port)
        let fresh = try await json(runner, ["apple", "--email", "keep@example.com"] + remote(server))
        #expect(user(fresh)["id"] as? String != user(first)["id"] as? String, "--ephemeral starts with no users")
        await server.stop()
    }

    @Test("a body over 1 MiB gets the service's 413, and the server keeps serving")
    func oversizedBody() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let serverState = TemporaryDirectory()
        let server = try await ServeProcess(runner: runner, arguments: ["--state-dir", serverState.path, "--ephemeral"])
        var request = URLRequest(url: URL(string: server.baseURL + "/auth/v1/otp")!)
        request.httpMethod = "POST"
        request.setValue(server.anonKey, forHTTPHeaderField: "apikey")
        request.setValue("2024-01-01", forHTTPHeaderField: "X-Supabase-Api-Version")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(("{\"email\":\"" + String(repeating: "a", count: 1_100_000) + "\"}").utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 413)
        #expect(String(decoding: data, as: UTF8.self).contains("request_entity_too_large"))
        var health = URLRequest(url: URL(string: server.baseURL + "/auth/v1/health")!)
        health.setValue(server.anonKey, forHTTPHeaderField: "apikey")
        #expect((try await URLSession.shared.data(for: health).1 as? HTTPURLResponse)?.statusCode == 200)
        await server.stop()
    }
}

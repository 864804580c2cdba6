import AuthTestSupport
import Foundation
import Testing

/// Runs the built `login` binary in a temporary state directory (stdin is not a terminal, so
/// nothing is asked).
@Suite("login: end to end")
struct LoginEndToEndTests {
    private struct SUT {
        let runner: CommandRunner
        let state = TemporaryDirectory()

        func run(_ arguments: [String]) async throws -> CommandRunner.Result {
            try await runner.run(arguments + ["--state-dir", state.path])
        }

        func json(_ arguments: [String]) async throws -> [String: Any] {
            let result = try await run(arguments + ["--json"])
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return try #require(object, "not one JSON object: \(result.stdout) \(result.stderr)")
        }
    }

    private func makeSUT() throws -> SUT { SUT(runner: try CommandRunner.builtProduct("login")) }

    private func user(_ object: [String: Any]) -> [String: Any] { object["user"] as? [String: Any] ?? [:] }

    @Test("first Apple sign-in, then a returning one: same id, not new, name still known", arguments: ["supabase", "firebase"])
    func appleReturning(backend: String) async throws {
        let sut = try makeSUT()
        let first = try await sut.json(["apple", "--backend", backend, "--email", "ada@example.com", "--name", "Ada Lovelace"])
        #expect(first["event"] as? String == "signedIn")
        #expect(first["isNewUser"] as? Bool == true)
        #expect(first["destination"] as? String == "main")
        #expect(user(first)["displayName"] as? String == "Ada Lovelace")
        let second = try await sut.json(["apple", "--backend", backend, "--email", "ada@example.com", "--name", "Someone Else"])
        #expect(second["isNewUser"] as? Bool == false)
        #expect(user(second)["id"] as? String == user(first)["id"] as? String)
        #expect(user(second)["displayName"] as? String == "Ada Lovelace")
        #expect(second["backend"] as? String == backend)
        #expect(second["provider"] as? String == "apple")
    }

    @Test("the JSON shape carries everything a script needs, and only a redacted token")
    func jsonShape() async throws {
        let sut = try makeSUT()
        let result = try await sut.run(["apple", "--email", "ada@example.com", "--name", "Ada Lovelace", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["event", "provider", "backend", "isNewUser", "destination", "user", "session"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        for key in ["id", "email", "isPrivateEmail", "displayName", "providers", "isAnonymous"] {
            #expect(user(object)[key] != nil, "missing user.\(key)")
        }
        let session = try #require(object["session"] as? [String: Any])
        #expect(ISO8601DateFormatter().date(from: session["expiresAt"] as? String ?? "") != nil)
        let token = try #require(session["accessToken"] as? String)
        #expect(token.hasSuffix("…[redacted]") && token.count < 24)
        // The whole tokens are in the session file; neither may appear on stdout or stderr.
        let file = try Data(contentsOf: sut.state.url.appendingPathComponent("session-supabase.json"))
        let saved = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        let tokens = try #require((saved["stored"] as? [String: Any])?["session"] as? [String: Any])
        for name in ["accessToken", "refreshToken"] {
            let whole = try #require(tokens[name] as? String)
            #expect(whole.count > 10)
            #expect(!result.stdout.contains(whole) && !result.stderr.contains(whole), "\(name) printed whole")
            #expect(!result.stdout.contains(whole.prefix(12)), "\(name): more than the redacted prefix printed")
        }
    }

    @Test("Hide My Email: a relay address, marked in human output and JSON")
    func hideMyEmail() async throws {
        let sut = try makeSUT()
        let human = try await sut.run(["apple", "--email", "private@example.com", "--hide-email"])
        #expect(human.status == 0)
        #expect(human.stdout.contains("@privaterelay.appleid.com (Hide My Email relay)"))
        let again = try await sut.json(["apple", "--email", "private@example.com"])
        #expect((user(again)["email"] as? String)?.hasSuffix("@privaterelay.appleid.com") == true)
        #expect(user(again)["isPrivateEmail"] as? Bool == true)
    }

    @Test("a cancelled sheet exits 3 with one short line and leaves the stored session alone")
    func cancel() async throws {
        let sut = try makeSUT()
        _ = try await sut.run(["anonymous"])
        let before = try String(contentsOf: sut.state.url.appendingPathComponent("session-supabase.json"), encoding: .utf8)
        let result = try await sut.run(["apple", "--cancel"])
        #expect(result.status == 3)
        #expect(result.stdout == "Sign-in cancelled.\n")
        #expect(result.stderr.isEmpty)
        #expect(try String(contentsOf: sut.state.url.appendingPathComponent("session-supabase.json"), encoding: .utf8) == before)
        #expect(try await sut.run(["google", "--cancel", "--json"]).status == 3)
    }

    @Test("Google and anonymous sign-ins", arguments: ["supabase", "firebase"])
    func googleAndAnonymous(backend: String) async throws {
        let sut = try makeSUT()
        let google = try await sut.json(["google", "--backend", backend, "--email", "grace@example.com", "--name", "Grace Hopper"])
        #expect(user(google)["providers"] as? [String] == ["google"])
        #expect(user(google)["displayName"] as? String == "Grace Hopper")
        let guest = try await sut.json(["anonymous", "--backend", backend])
        #expect(user(guest)["isAnonymous"] as? Bool == true)
        #expect(guest["isNewUser"] as? Bool == true)
    }

    @Test(
        "email code: send (no terminal → exit 0 with a pointer), wrong code exits 1, the mailed code signs in",
        arguments: ["supabase", "firebase"])
    func emailCode(backend: String) async throws {
        let sut = try makeSUT()
        let sent = try await sut.run(["otp", "--backend", backend, "--email", "otp@example.com"])
        #expect(sent.status == 0)
        #expect(sent.stdout.contains("login mailbox --email otp@example.com"))
        let mailbox = try await sut.json(["mailbox", "--backend", backend, "--email", "otp@example.com"])
        let messages = try #require(mailbox["messages"] as? [[String: Any]])
        #expect(messages.count == 1)
        let code = try #require(messages.last?["code"] as? String)
        #expect(messages.last?["sentAt"] is String)

        let wrong = try await sut.json(["otp", "--backend", backend, "--email", "otp@example.com", "--code", "x" + code])
        #expect((wrong["error"] as? [String: Any])?["code"] as? String == "code_invalid")
        #expect(try await sut.run(["otp", "--backend", backend, "--email", "otp@example.com", "--code", "x" + code]).status == 1)

        let signedIn = try await sut.json(["otp", "--backend", backend, "--email", "otp@example.com", "--code", code])
        #expect(signedIn["event"] as? String == "signedIn", "\(signedIn)")
        #expect(user(signedIn)["email"] as? String == "otp@example.com")
    }

    @Test("status, refresh and logout act on the saved session (file mode 0600)", arguments: ["supabase", "firebase"])
    func sessionCommands(backend: String) async throws {
        let sut = try makeSUT()
        let signedOut = try await sut.run(["status", "--backend", backend])
        #expect(signedOut.status == 0 && signedOut.stdout.lowercased().contains("signed out"))

        let signIn = try await sut.json(["anonymous", "--backend", backend])
        let file = sut.state.url.appendingPathComponent("session-\(backend).json")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let status = try await sut.json(["status", "--backend", backend])
        #expect(status["signedIn"] as? Bool == true)
        #expect(user(status)["id"] as? String == user(signIn)["id"] as? String)

        let refreshed = try await sut.json(["refresh", "--backend", backend])
        #expect(refreshed["event"] as? String == "tokenRefreshed")

        let logout = try await sut.json(["logout", "--backend", backend])
        #expect(logout["event"] as? String == "signedOut")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await sut.json(["status", "--backend", backend])["signedIn"] as? Bool == false)
        #expect(try await sut.json(["refresh", "--backend", backend])["error"] != nil)
    }

    @Test(
        "bad input: a clear message and exit 2, never a crash",
        arguments: [
            ["otp", "--email", "not-an-email"], ["apple", "--name", ""], ["apple", "--backend", "parse"], ["logout", "--scope", "all"],
            ["status", "--watch", "--refresh-lead", "nan"], ["status", "--watch", "--refresh-lead", "3600"],
            ["status", "--watch", "--refresh-lead", "-1"],
        ])
    func badInput(arguments: [String]) async throws {
        let sut = try makeSUT()
        let result = try await sut.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
        let json = try await sut.run(arguments + ["--json"])
        #expect(json.status == 2)
        #expect(json.stdout.contains("\"error\""))
    }

    @Test("a damaged database is reported (exit 5), left untouched, and the session survives")
    func corruptDatabase() async throws {
        let sut = try makeSUT()
        _ = try await sut.run(["anonymous"])
        let database = sut.state.url.appendingPathComponent("auth.sqlite3")
        var data = try Data(contentsOf: database)
        data.removeLast(data.count / 2)
        try data.write(to: database)
        let session = try Data(contentsOf: sut.state.url.appendingPathComponent("session-supabase.json"))

        let result = try await sut.run(["apple"])
        #expect(result.status == 5, "a damaged state directory is not an authentication failure")
        #expect(result.stderr.contains("auth.sqlite3 is damaged"), "\(result.stderr)")
        #expect(try Data(contentsOf: database) == data)
        #expect(try Data(contentsOf: sut.state.url.appendingPathComponent("session-supabase.json")) == session)
    }

    @Test("a damaged state.json of an earlier version is reported (exit 5), left untouched, and no database is made from it")
    func corruptStateFile() async throws {
        let sut = try makeSUT()
        let stateFile = sut.state.url.appendingPathComponent("state.json")
        try FileManager.default.createDirectory(
            at: sut.state.url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data("authcoordinator-state-v1 0000\n{\"supabase\":".utf8).write(to: stateFile)
        let data = try Data(contentsOf: stateFile)

        let result = try await sut.run(["apple"])
        #expect(result.status == 5)
        #expect(result.stderr.contains("state.json is damaged"), "\(result.stderr)")
        #expect(try Data(contentsOf: stateFile) == data)
        #expect(!FileManager.default.fileExists(atPath: sut.state.url.appendingPathComponent("auth.sqlite3").path))
    }

    @Test("help explains every command and option")
    func help() async throws {
        let sut = try makeSUT()
        let root = try await sut.runner.run(["--help"])
        #expect(root.status == 0)
        for command in ["apple", "google", "anonymous", "otp", "status", "refresh", "logout", "mailbox"] {
            #expect(root.stdout.contains(command))
        }
        let apple = try await sut.runner.run(["apple", "--help"])
        for option in ["--backend", "--state-dir", "--json", "--verbose", "--email", "--name", "--hide-email", "--share-email", "--cancel"]
        {
            #expect(apple.stdout.contains(option), "apple --help lacks \(option)")
        }
    }
}

import AuthTestSupport
import Foundation
import Testing

@Suite("login: link, unlink, delete-account")
struct LifecycleEndToEndTests {
    private func json(_ runner: CommandRunner, _ arguments: [String]) async throws -> [String: Any] {
        let result = try await runner.run(arguments + ["--json"])
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    private func user(_ object: [String: Any]) -> [String: Any] { object["user"] as? [String: Any] ?? [:] }

    @Test(
        """
        guest → link apple keeps the id; unlink of the last provider is refused; delete-account needs --yes without a terminal, then\
         deletes
        """,
        arguments: ["supabase", "firebase"])
    func lifecycle(backend: String) async throws {
        let runner = try CommandRunner.builtProduct("login")
        let state = TemporaryDirectory()
        let common = ["--backend", backend, "--state-dir", state.path]
        let guest = try await json(runner, ["anonymous"] + common)
        let linked = try await json(runner, ["link", "apple", "--email", "guest@example.com", "--name", "Guest Person"] + common)
        #expect(linked["event"] as? String == "userUpdated")
        #expect(user(linked)["id"] as? String == user(guest)["id"] as? String)
        #expect(user(linked)["isAnonymous"] as? Bool == false)

        let unlink = try await runner.run(["unlink", "apple"] + common)
        #expect(unlink.status == 1)
        #expect(unlink.stderr.contains("only way"))

        let refused = try await runner.run(["delete-account"] + common)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--yes"))

        let deleted = try await json(runner, ["delete-account", "--yes"] + common)
        #expect(deleted["event"] as? String == "userDeleted")
        #expect(try await json(runner, ["status"] + common)["signedIn"] as? Bool == false)

        let again = try await json(runner, ["apple", "--name", "Guest Again"] + common)
        #expect(again["isNewUser"] as? Bool == true, "the Apple authorization was revoked: a new account and the first-time sheet")
        #expect(user(again)["displayName"] as? String == "Guest Again")
    }

    @Test(
        "linking an Apple ID that owns another account fails (exit 1); --switch-if-taken signs in to it",
        arguments: ["supabase", "firebase"])
    func conflict(backend: String) async throws {
        let runner = try CommandRunner.builtProduct("login")
        let state = TemporaryDirectory()
        let common = ["--backend", backend, "--state-dir", state.path]
        let owner = try await json(runner, ["apple", "--email", "owner@example.com", "--name", "Owner Person"] + common)
        _ = try await runner.run(["logout"] + common)
        _ = try await runner.run(["anonymous"] + common)
        let refused = try await json(runner, ["link", "apple", "--email", "owner@example.com"] + common)
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "credential_already_in_use", "the same code on both backends")
        let switched = try await json(runner, ["link", "apple", "--email", "owner@example.com", "--switch-if-taken"] + common)
        #expect(user(switched)["id"] as? String == user(owner)["id"] as? String)
    }
}

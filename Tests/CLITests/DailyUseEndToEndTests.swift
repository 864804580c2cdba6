import AuthTestSupport
import Foundation
import Testing

/// What gets in the way of using `login` every day: the default state directory under `$HOME`,
/// a name a backend would refuse, and which Apple ID signs in without `--email`.
@Suite("login: daily use")
struct DailyUseEndToEndTests {
    @Test("without --state-dir, the state goes under $HOME/.local/state/login, as --help says (not the password database's home)")
    func homeVariable() async throws {
        let cli = try await LoginCLI.make()
        let home = TemporaryDirectory()
        let state = home.url.appendingPathComponent(".local/state/login")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try await KeySeed.shared.seed(state, runner: cli.runner)
        let environment = ["HOME": home.path, "XDG_STATE_HOME": "", "LOGIN_STATE_DIR": ""]
        let result = try await cli.run(["anonymous"], environment: environment, stateDir: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("auth.sqlite3").path))
    }

    @Test("a 100,000-character --name is refused as usage (exit 2) before any user is made")
    func overlongName() async throws {
        let cli = try await LoginCLI.make()
        let result = try await cli.run(["apple", "--name", String(repeating: "a", count: 100_000)])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--name takes at most 200 characters"))
        let users = try await cli.json(["users", "list"])
        #expect((users["users"] as? [Any])?.isEmpty ?? true, "\(users)")
    }

    @Test("login apple without --email signs in the default Apple ID, not the last --email given", arguments: ["supabase", "firebase"])
    func appleDefaultID(backend: String) async throws {
        let cli = try await LoginCLI.make()
        let named = try await cli.json(["apple", "--backend", backend, "--email", "ada@example.com", "--share-email"])
        let plain = try await cli.json(["apple", "--backend", backend, "--share-email"])
        #expect(Reply.user(named)["email"] as? String == "ada@example.com")
        #expect(Reply.user(plain)["email"] as? String == "johnny.appleseed@icloud.com")
        #expect(Reply.userID(plain) != Reply.userID(named))
    }

    @Test("status names the backend whose session it shows", arguments: ["supabase", "firebase"])
    func statusNamesBackend(backend: String) async throws {
        let cli = try await LoginCLI.make()
        let signedOut = try await cli.run(["status", "--backend", backend])
        let name = backend == "supabase" ? "Supabase" : "Firebase"
        #expect(signedOut.stdout.contains("backend  \(name) (the embedded engine"), "\(signedOut.stdout)")
        _ = try await cli.run(["anonymous", "--backend", backend])
        let signedIn = try await cli.run(["status", "--backend", backend])
        #expect(signedIn.stdout.contains("Signed in as a guest."))
        #expect(signedIn.stdout.contains("\(name) (the embedded engine"), "\(signedIn.stdout)")
    }
}

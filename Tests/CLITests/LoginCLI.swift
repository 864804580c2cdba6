import AuthTestSupport
import Foundation
import Testing

/// The built `login` with a state directory of its own, for the end-to-end tests: runs with a
/// deadline, parses `--json` output, and starts `login serve` on a free port.
struct LoginCLI {
    let runner: CommandRunner
    let state: TemporaryDirectory

    private init(runner: CommandRunner, state: TemporaryDirectory) {
        self.runner = runner
        self.state = state
    }

    /// A fresh state directory holding the keys of one made earlier: generating RSA keys is most
    /// of what a first command costs, and dozens of tests doing it at once slow every process
    /// past its deadline.
    static func make() async throws -> LoginCLI {
        let runner = try CommandRunner.builtProduct("login")
        let state = TemporaryDirectory()
        try await KeySeed.shared.seed(state.url, runner: runner)
        return LoginCLI(runner: runner, state: state)
    }

    /// Runs with `--state-dir` (unless `stateDir` is false).
    func run(_ arguments: [String], environment: [String: String] = [:], stateDir: Bool = true) async throws -> CommandRunner.Result {
        try await runner.run(arguments + (stateDir ? ["--state-dir", state.path] : []), environment: environment, timeLimit: 30)
    }

    /// Runs with `--json` and parses the one object it prints.
    func json(_ arguments: [String], environment: [String: String] = [:], stateDir: Bool = true) async throws -> [String: Any] {
        let result = try await run(arguments + ["--json"], environment: environment, stateDir: stateDir)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "not one JSON object: \(result.stdout) \(result.stderr)")
    }

    /// `login serve --port 0` on a state directory of its own (or this one).
    func serve(_ arguments: [String] = [], sharingState: Bool = false) async throws -> (ServeProcess, TemporaryDirectory) {
        let directory = sharingState ? state : TemporaryDirectory()
        if !sharingState { try await KeySeed.shared.seed(directory.url, runner: runner) }
        return (try await ServeProcess(runner: runner, arguments: ["--state-dir", directory.path] + arguments), directory)
    }
}

/// The keys one `login` run generated, copied into each new state directory.
actor KeySeed {
    static let shared = KeySeed()
    private var template: TemporaryDirectory?

    func seed(_ directory: URL, runner: CommandRunner) async throws {
        let template = try await made(runner)
        for name in try FileManager.default.contentsOfDirectory(atPath: template.path) where name == "keys.json" || name.hasSuffix(".p8") {
            try FileManager.default.copyItem(at: template.url.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
    }

    private func made(_ runner: CommandRunner) async throws -> TemporaryDirectory {
        if let template { return template }
        let made = TemporaryDirectory()
        let result = try await runner.run(["status", "--state-dir", made.path], timeLimit: 120)
        try #require(result.status == 0, "could not make the seed keys: \(result.stderr)")
        template = made
        return made
    }
}

/// Small readers of `login --json` objects.
enum Reply {
    static func user(_ object: [String: Any]) -> [String: Any] { object["user"] as? [String: Any] ?? [:] }
    static func userID(_ object: [String: Any]) -> String { user(object)["id"] as? String ?? "" }
    static func errorCode(_ object: [String: Any]) -> String? { (object["error"] as? [String: Any])?["code"] as? String }
}

extension ServeProcess {
    /// The options that point a command at this server, for a backend.
    func remote(_ backend: String) -> [String] {
        backend == "supabase"
            ? ["--supabase-url", baseURL, "--supabase-key", anonKey, "--idp-url", baseURL]
            : ["--firebase-emulator-host", hostAndPort, "--idp-url", baseURL]
    }
}

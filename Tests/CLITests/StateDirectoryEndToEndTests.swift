import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The state directory as `login` treats it: safe or refused (issue 14, item 4), locked with a
/// bounded and announced wait (issue 15, item 1), held by `login serve` (item 3), never the
/// current directory by accident (item 5), readable when read-only (item 10).
@Suite("login: the state directory")
struct StateDirectoryEndToEndTests {
    @Test(
        "a state directory others can write, read or enter is refused (exit 5) with the chmod that fixes it; so is a writable keys.json",
        arguments: [0o777 as mode_t, 0o775, 0o755, 0o711])
    func unsafeDirectory(mode: mode_t) async throws {
        let cli = try await LoginCLI.make()
        #expect(chmod(cli.state.path, mode) == 0)
        let result = try await cli.run(["status"])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("chmod 700 \(cli.state.path)"))
        #expect(try await cli.json(["anonymous"])["error"] != nil)
        #expect(!FileManager.default.fileExists(atPath: cli.state.url.appendingPathComponent("auth.sqlite3").path), "nothing was written")

        #expect(chmod(cli.state.path, 0o700) == 0)
        #expect(try await cli.run(["anonymous"]).status == 0)
        let keys = cli.state.url.appendingPathComponent("keys.json")
        #expect(chmod(keys.path, 0o666) == 0)
        let writableKeys = try await cli.run(["anonymous"])
        #expect(writableKeys.status == 5)
        #expect(writableKeys.stderr.contains("chmod 600 \(keys.path)"))
    }

    @Test("14.4: a state directory owned by another user is refused (run as root, where the test can chown it)")
    func foreignOwner() async throws {
        guard geteuid() == 0 else { return }
        let cli = try await LoginCLI.make()
        #expect(chown(cli.state.path, 65534, 65534) == 0)
        defer { _ = chown(cli.state.path, 0, 0) }
        let result = try await cli.run(["status"])
        #expect(result.status == 5)
        #expect(result.stderr.contains("not by you"))
    }

    @Test("14.4: a symbolic link planted as world.lock is refused, not followed")
    func lockSymlink() async throws {
        let cli = try await LoginCLI.make()
        let elsewhere = TemporaryDirectory()
        let target = elsewhere.url.appendingPathComponent("planted")
        try FileManager.default.createSymbolicLink(at: cli.state.url.appendingPathComponent("world.lock"), withDestinationURL: target)
        let result = try await cli.run(["anonymous"])
        #expect(result.status == 5)
        #expect(result.stderr.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("item 1: a command waiting for another's lock says so while it waits, and gives up after --lock-timeout with exit 6")
    func boundedWait() async throws {
        let cli = try await LoginCLI.make()
        #expect(try await cli.run(["anonymous"]).status == 0)
        let fd = open(cli.state.url.appendingPathComponent("world.lock").path, O_RDWR | O_CREAT, 0o600)
        #expect(flock(fd, LOCK_EX) == 0, "the test holds the lock, as a command stuck at a prompt used to")
        defer { close(fd) }
        let waiting = try RunningCommand(cli.runner, ["google", "--lock-timeout", "2", "--state-dir", cli.state.path])
        let announced = await waiting.waitFor("waiting for another login command using \(cli.state.path)", timeout: 10)
        #expect(announced != nil, "never said it was waiting: \(waiting.stderr)")
        #expect(await waiting.waitForExit(timeout: 10) == 6)
        #expect(
            waiting.stderr.components(separatedBy: "gave up waiting").count == 2, "said it waited, then gave up once: \(waiting.stderr)")
        #expect(waiting.stderr.contains("--lock-timeout"), "\(waiting.stderr)")
        let readOnly = try await cli.run(["status"])
        #expect(readOnly.status == 0, "status only reads: it does not wait for the lock")
    }

    @Test("item 3: serve holds its state directory: a second serve is refused, commands there use the server")
    func servedDirectory() async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve(sharingState: true)
        let second = try await cli.run(["serve", "--port", "0"])
        #expect(second.status == 6)
        #expect(second.stderr.contains("error: another login serve (pid"), "\(second.stderr)")
        let supabase = try await cli.json(["apple", "--verbose"])
        #expect(supabase["event"] as? String == "signedIn", "\(supabase)")
        let verbose = try await cli.run(["status", "--verbose"])
        #expect(verbose.stderr.contains("at \(server.baseURL) (REST)"), "through the server, not the engine: \(verbose.stderr)")
        let firebase = try await cli.json(["users", "--backend", "firebase"])
        #expect(firebase["event"] as? String == "users", "\(firebase)")
        #expect(try await cli.json(["anonymous"] + server.remote("supabase"))["event"] as? String == "signedIn", "the flags still work")
        #expect(await server.stop() == 0)
        #expect(try await cli.run(["status"]).status == 0, "once the server stops, the directory is free")
    }

    @Test("item 5: --state-dir \"\" is a usage error, not the current directory")
    func emptyStateDir() async throws {
        let cli = try await LoginCLI.make()
        let workingDirectory = TemporaryDirectory()
        for arguments in [["anonymous", "--state-dir", ""], ["serve", "--port", "0", "--state-dir", ""]] {
            let command = try RunningCommand(cli.runner, arguments, directory: workingDirectory.url)
            let status = await command.waitForExit(timeout: 10)
            #expect(status == 2, "\(arguments): \(String(describing: status)) \(command.stderr)")
            #expect(command.stderr.contains("--state-dir must not be empty"))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: workingDirectory.path).isEmpty, "nothing written to the current directory")
    }

    @Test("item 10: a read-only state directory still answers status (as a user other than root, whom modes do not stop)")
    func readOnly() async throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let cli = try await LoginCLI.make()
        for name in try FileManager.default.contentsOfDirectory(atPath: cli.state.path) + [""] {
            #expect(chown(cli.state.url.appendingPathComponent(name).path, 65534, 65534) == 0)
        }
        func asNobody(_ arguments: [String]) async throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid", "65534", "--regid", "65534", "--clear-groups", cli.runner.executable.path] + arguments + [
                    "--state-dir", cli.state.path,
                ]
            process.environment = ["HOME": "/tmp", "PATH": "/usr/bin:/bin"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let watchdog = process.terminate(after: 30)
            defer { watchdog.cancel() }
            let data = await output.fileHandleForReading.dataToEndOffPool()
            await process.exited()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        #expect(try await asNobody(["anonymous"]).0 == 0)
        #expect(chmod(cli.state.path, 0o500) == 0)
        defer { _ = chmod(cli.state.path, 0o700) }
        let (status, output) = try await asNobody(["status", "--json"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("\"signedIn\":true"))
        let (write, message) = try await asNobody(["anonymous"])
        #expect(write == 5, "a command that must write says the directory is the problem: \(message)")
        #expect(!message.contains("Error Domain"))
    }

    @Test("item 9/10: a state directory that cannot be created exits 5 without system jargon")
    func unusable() async throws {
        let cli = try await LoginCLI.make()
        let holder = TemporaryDirectory()
        let file = holder.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let unusable = try await cli.runner.run(["status", "--state-dir", file.path + "/state"], timeLimit: 30)
        #expect(unusable.status == 5)
        #expect(!unusable.stderr.contains("NSCocoaErrorDomain") && !unusable.stderr.contains("Error Domain"), "\(unusable.stderr)")
        #expect(unusable.stderr.contains("Not a directory"), "\(unusable.stderr)")
    }
}

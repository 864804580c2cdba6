import AuthData
import AuthSimulation
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a command gets at its state directory: created with mode 0700 when missing, refused when
/// it is not the user's own or is writable by others (``StateDirectorySafety``), refused (with the
/// flags to use instead) when a `login serve` holds it, and locked for embedded commands that
/// change the simulated services: a wait for another command says so within half a second and
/// ends after `--lock-timeout`.
struct StateDirectoryAccess: Sendable {
    /// The directory.
    let url: URL
    /// How long to wait for the lock, in seconds.
    let lockTimeout: Double
    /// The backend the command uses (for the flags a served directory needs).
    let backend: BackendChoice

    /// The lock embedded commands hold while they read, use and save the simulated services.
    var servicesLock: FileLock { FileLock(url: url.appendingPathComponent("world.lock")) }

    /// Creates the directory when missing (parents too, mode 0700) and checks that it is safe.
    /// - Throws: ``CommandFailure``: exit 5 when it cannot be created, is not a directory, or is
    ///   not safe.
    func prepare() throws(CommandFailure) {
        var info = stat()
        if stat(url.path, &info) != 0 {
            guard errno == ENOENT else { throw unusable(String(cString: strerror(errno))) }
            try makeDirectories(url.path)
        } else if (UInt32(info.st_mode) & UInt32(S_IFMT)) != UInt32(S_IFDIR) {
            throw unusable("is not a directory")
        }
        do { try StateDirectorySafety.checkDirectory(url) } catch {
            throw CommandFailure(code: "state_dir_unsafe", message: "The state directory \(error.description)", exit: .stateDirectory)
        }
    }

    private func makeDirectories(_ path: String) throws(CommandFailure) {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, access(parent, F_OK) != 0 { try makeDirectories(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw unusable("cannot be created (\(path): \(String(cString: strerror(errno))))")
        }
    }

    private func unusable(_ reason: String) -> CommandFailure {
        CommandFailure(code: "state_dir_unusable", message: "The state directory \(url.path) \(reason)", exit: .stateDirectory)
    }

    /// Refuses when a `login serve` holds the directory: its users live in the server now.
    /// - Throws: ``CommandFailure`` (exit 6) naming the options that reach the server.
    func refuseIfServed() throws(CommandFailure) {
        guard case .served(let registration) = ServeRegistration.status(of: url) else { return }
        let flags =
            registration.map { " Use it instead: " + $0.remoteArguments(for: backend).joined(separator: " ") } ?? " (it is starting)"
        throw CommandFailure(
            code: "state_dir_served",
            message: "login serve\(registration.map { " (pid \($0.pid), \($0.baseURL))" } ?? "") is using the state directory \(url.path); "
                + "an embedded command here would lose what it writes at the server's next save.\(flags)",
            exit: .busy)
    }

    /// Takes the services lock, waiting for other commands: after half a second of waiting it
    /// says so on stderr, and after `lockTimeout` it gives up. A `login serve` that takes the
    /// directory meanwhile ends the wait with its flags.
    /// - Parameters:
    ///   - logger: Where the wait is logged.
    ///   - checkingServe: Whether a `login serve` holding the directory ends the wait (not for the
    ///     server itself).
    /// - Returns: The held lock.
    /// - Throws: ``CommandFailure``: exit 6 when busy or served, exit 5 when the lock file cannot
    ///   be used.
    func lockServices(logger: Logger, checkingServe: Bool = true) async throws(CommandFailure) -> FileLock.Held {
        let started = Date()
        var announced = false
        while true {
            if checkingServe { try refuseIfServed() }
            do {
                if let held = try servicesLock.tryAcquire() { return held }
            } catch {
                throw CommandFailure(
                    code: "state_dir_unusable", message: "The state directory's lock cannot be used: \(error.description)",
                    exit: .stateDirectory)
            }
            let waited = Date().timeIntervalSince(started)
            if !announced, waited >= 0.5 {
                announced = true
                let limit = Self.seconds(lockTimeout)
                FileHandle.standardError.write(
                    Data("waiting for another login command using \(url.path)… (up to \(limit); --lock-timeout)\n".utf8))
                logger.info("waiting for the state directory's lock", metadata: ["path": "\(url.path)"])
            }
            guard waited < lockTimeout else {
                throw CommandFailure(
                    code: "state_dir_busy",
                    message: "Another login command has been using \(url.path) for \(Self.seconds(waited)); "
                        + "gave up waiting (--lock-timeout \(Self.seconds(lockTimeout))). "
                        + "Let it finish (a prompt may be waiting for an answer), or use another --state-dir.",
                    exit: .busy)
            }
            try? await Task.sleep(for: .milliseconds(25))
        }
    }

    private static func seconds(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

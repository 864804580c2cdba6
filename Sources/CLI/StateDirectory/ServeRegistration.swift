import AuthData
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `login serve` that holds a state directory: it keeps `serve.lock` locked for as long as it
/// runs (a second `serve` on the directory is refused), and `serve.json` says where it listens,
/// so that a command on the directory uses that server instead of the embedded engine
/// (the server's next save would otherwise overwrite what the command wrote).
struct ServeRegistration: Codable, Hashable, Sendable {
    /// The server's process id.
    var pid: Int32
    /// `http://host:port`.
    var baseURL: String
    /// The Supabase anon key it accepts (public, as in any app).
    var anonKey: String
    /// The default Firebase project.
    var firebaseProject: String

    /// Whether a server holds a directory, and where it listens when it said so.
    enum Status: Hashable, Sendable {
        case notServed
        /// Served; `nil` while the server is starting (it writes `serve.json` once it listens).
        case served(ServeRegistration?)
    }

    static func lockURL(in directory: URL) -> URL { directory.appendingPathComponent("serve.lock") }
    static func fileURL(in directory: URL) -> URL { directory.appendingPathComponent("serve.json") }

    /// Whether a `login serve` holds the directory now: a shared, non-blocking probe of
    /// `serve.lock` (commands probing at once do not see each other; the server holds it
    /// exclusively). A missing or unreadable lock file counts as not served.
    /// - Parameter directory: The state directory.
    /// - Returns: The status.
    static func status(of directory: URL) -> Status {
        let fd = open(lockURL(in: directory).path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return .notServed }
        defer { close(fd) }
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return errno == EWOULDBLOCK ? .served(read(in: directory)) : .notServed
        }
        flock(fd, LOCK_UN)
        return .notServed
    }

    private static func read(in directory: URL) -> ServeRegistration? {
        guard let data = try? AtomicFile.read(fileURL(in: directory)) else { return nil }
        return try? JSONDecoder().decode(ServeRegistration.self, from: data)
    }

    /// Writes `serve.json` (mode 0600).
    /// - Parameter directory: The state directory.
    func write(in directory: URL) throws {
        try AtomicFile.write(try JSONEncoder().encode(self), to: Self.fileURL(in: directory))
    }

    /// `host:port`.
    var hostAndPort: String { String(baseURL.dropFirst("http://".count)) }

    /// The options that reach this server instead of the embedded engine, for a backend.
    /// - Parameter backend: The backend the command uses.
    /// - Returns: The options, ready to paste.
    func remoteArguments(for backend: BackendChoice) -> [String] {
        switch backend {
        case .supabase: ["--supabase-url", baseURL, "--supabase-key", anonKey, "--idp-url", baseURL]
        case .firebase:
            ["--firebase-emulator-host", hostAndPort, "--idp-url", baseURL]
                + (firebaseProject == GlobalOptions.emulatorDefaultProject ? [] : ["--firebase-project", firebaseProject])
        }
    }
}

import AuthData
import Foundation
import Logging

/// The locks `login serve` holds for as long as it runs: `serve.lock` (exclusive: a second
/// server on the directory is refused, and commands see that it is served) and the services
/// lock every embedded command takes (so none writes `state.json` under the server).
struct ServeLocks: Sendable {
    private let serve: FileLock.Held
    private let services: FileLock.Held

    /// Takes both, waiting (bounded, with a message) for commands that are using the directory.
    /// - Parameters:
    ///   - directory: The state directory.
    ///   - logger: Where waits are logged.
    /// - Returns: The held locks.
    /// - Throws: ``CommandFailure``: exit 6 when another server holds the directory or a command
    ///   does not finish within 30 s; exit 5 when the directory is unusable or unsafe.
    static func take(_ directory: URL, logger: Logger) async throws(CommandFailure) -> ServeLocks {
        let access = StateDirectoryAccess(url: directory, lockTimeout: 30, backend: .supabase)
        try access.prepare()
        let lock = FileLock(url: ServeRegistration.lockURL(in: directory))
        // Commands probe `serve.lock` with a shared lock for an instant: try for a second before
        // concluding that another server holds it.
        var serve: FileLock.Held?
        for _ in 0..<40 {
            do { serve = try lock.tryAcquire() } catch {
                throw CommandFailure(
                    code: "state_dir_unusable", message: "The state directory's serve lock cannot be used: \(error.description)",
                    exit: .stateDirectory)
            }
            if serve != nil { break }
            try? await Task.sleep(for: .milliseconds(25))
        }
        guard let serve else {
            let registration = (try? AtomicFile.read(ServeRegistration.fileURL(in: directory))).flatMap { $0 }
                .flatMap { try? JSONDecoder().decode(ServeRegistration.self, from: $0) }
            throw CommandFailure(
                code: "state_dir_served",
                message: "Another login serve\(registration.map { " (pid \($0.pid), \($0.baseURL))" } ?? "") "
                    + "is using the state directory \(directory.path); "
                    + "stop it, or give this one another --state-dir.",
                exit: .busy)
        }
        do {
            return ServeLocks(serve: serve, services: try await access.lockServices(logger: logger, checkingServe: false))
        } catch {
            serve.release()
            throw error
        }
    }

    /// Lets both go (the process exiting would too).
    func release() {
        services.release()
        serve.release()
    }
}

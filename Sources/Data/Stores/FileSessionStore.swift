import AuthDomain
import Foundation
import Logging

/// A session store backed by one JSON file, readable by the owner only (mode 0600), replaced
/// atomically on every write, and locked with `flock` so that several processes sharing it
/// refresh one at a time.
///
/// A corrupt or unreadable file reads as "no session" with a logged warning; it is left in
/// place (never deleted by a read) and replaced by the next successful sign-in.
///
/// ```swift
/// let store = FileSessionStore(fileURL: stateDir.appendingPathComponent("session.json"), logger: logger)
/// ```
public struct FileSessionStore: SessionStore {
    /// The session file.
    public let fileURL: URL
    private let logger: Logger
    private let lock: FileLock

    /// Creates a store.
    /// - Parameters:
    ///   - fileURL: The session file; its directory is created (mode 0700) on first save.
    ///   - logger: Receives the warning about an unreadable file.
    public init(fileURL: URL, logger: Logger) {
        self.fileURL = fileURL
        self.logger = logger
        self.lock = FileLock(url: fileURL.appendingPathExtension("lock"))
    }

    /// Reads the session.
    /// - Returns: The session, or `nil` when there is none or the file is unreadable.
    public func load() async throws(AuthError) -> StoredSession? {
        let data: Data?
        do {
            data = try AtomicFile.read(fileURL)
        } catch {
            logger.warning(
                "session file is unreadable; treating as signed out", metadata: ["path": "\(fileURL.path)", "error": "\(error)"])
            return nil
        }
        guard let data else { return nil }
        switch StoredSessionCoding.decode(data) {
        case .success(let stored):
            return stored
        case .failure(let reason):
            logger.warning("session file is unreadable (\(reason)); treating as signed out", metadata: ["path": "\(fileURL.path)"])
            return nil
        }
    }

    /// Writes the session atomically with mode 0600.
    /// - Parameter session: The session to keep.
    /// - Throws: ``AuthError/storage(_:)``.
    public func save(_ session: StoredSession) async throws(AuthError) {
        do {
            try AtomicFile.ensureDirectory(fileURL.deletingLastPathComponent())
            try AtomicFile.write(try StoredSessionCoding.encode(session), to: fileURL)
        } catch {
            throw .storage("\(error)")
        }
    }

    /// Removes the session file; a missing file is fine.
    /// - Throws: ``AuthError/storage(_:)``.
    public func delete() async throws(AuthError) {
        do { try AtomicFile.remove(fileURL) } catch { throw .storage("\(error)") }
    }

    /// Runs `body` holding the file's lock (`<file>.lock`), shared with other processes.
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``AuthError/storage(_:)``.
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError) -> T {
        do {
            try AtomicFile.ensureDirectory(fileURL.deletingLastPathComponent())
        } catch {
            throw .storage("\(error)")
        }
        let held: FileLock.Held
        do { held = try await lock.acquire() } catch { throw .storage("\(error)") }
        defer { held.release() }
        return try await body()
    }
}

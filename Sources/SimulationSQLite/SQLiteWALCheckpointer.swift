import AuthData
import Foundation
import GRDB
import GRDBSQLite
import Logging

/// Copies the WAL into the database file on a connection and a thread of its own, so that the
/// writer never waits for that copy and its sync.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses `wal_autocheckpoint` pages:
/// that commit copies every page and syncs the database file before it returns, and the writer,
/// with every request queued behind it, waits 30-60 ms (Docs/Performance.md). Here the writer's
/// WAL hook (`sqlite3_wal_hook`, which replaces the automatic checkpoint) only notes the WAL's
/// size after each commit; from ``defaultThreshold`` pages on, a `PASSIVE` checkpoint runs on this
/// type's connection and queue while the writer goes on (https://sqlite.org/wal.html: a
/// checkpoint runs concurrently with readers and writers). A background pass copies the frames
/// that were in the WAL when it began; under a steady stream of commits it never finds the WAL
/// complete, and the WAL is reset (reused from its start) only by the first write after a
/// complete checkpoint. So once a pass has left fewer than half the threshold's frames behind,
/// the writer's next commit checkpoints those few itself (a short copy and a sync of a file the
/// background pass has just synced), and its next transaction resets the WAL. Should the
/// background fall behind by ``backstop`` pages, the writer checkpoints everything itself, as
/// SQLite would.
final class SQLiteWALCheckpointer: Sendable {
    /// The WAL's size, in pages, from which a background checkpoint starts (about 8 MB).
    static let defaultThreshold: CInt = 2000
    /// The WAL's size from which the writer checkpoints in its own commit (about 400 MB).
    static let backstop: CInt = 100_000

    private struct State: Sendable {
        var running = false
        /// The WAL frames the last background pass copied (`nil`: none since the WAL was reset).
        var backfilled: CInt?
        var closed = false
        var connection: DatabaseQueue?
        var checkpoints = 0
        /// The WAL's size after the last commit, and how often it was found reset (smaller than before).
        var pages: CInt = 0
        var resets = 0
    }

    private let path: String
    private let logger: Logger
    /// The WAL's size from which a background checkpoint starts.
    private let threshold: CInt
    private let queue = DispatchQueue(label: "auth.sqlite3.checkpoint", qos: .utility)
    private let state = Locked(State())

    init(path: String, logger: Logger, threshold: CInt = defaultThreshold) {
        self.path = path
        self.logger = logger
        self.threshold = threshold
    }

    /// Background checkpoints run so far (for tests and `--verbose`).
    var checkpoints: Int { state.withLock { $0.checkpoints } }
    /// How often a commit found the WAL reset (reused from its start) since the one before.
    var resets: Int { state.withLock { $0.resets } }

    /// Installs the WAL hook on the writer connection (readers never commit, so on them it never runs).
    /// - Parameter db: A connection of the pool.
    func install(on db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, Self.hook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops: waits for a checkpoint under way and closes the connection.
    func close() {
        state.withLock { $0.closed = true }
        queue.sync {}
        let connection = state.withLock { state -> DatabaseQueue? in
            defer { state.connection = nil }
            return state.connection
        }
        try? connection?.close()
    }

    /// After each commit of the writer: `pages` is the WAL's size.
    private static let hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, CInt) -> CInt = {
        context, connection, _, pages in
        guard let context else { return SQLITE_OK }
        let checkpointer = Unmanaged<SQLiteWALCheckpointer>.fromOpaque(context).takeUnretainedValue()
        switch checkpointer.next(pages: pages) {
        case .none: break
        case .background: checkpointer.start()
        case .writer: sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
        return SQLITE_OK
    }

    private enum Next { case none, background, writer }

    /// What to do after a commit that left `pages` frames in the WAL.
    private func next(pages: CInt) -> Next {
        state.withLock { state in
            if pages < state.pages { state.resets += 1 }
            state.pages = pages
            if pages < threshold {
                state.backfilled = nil // a new WAL since the last pass
                return .none
            }
            if pages >= Self.backstop { return .writer }
            if state.running || state.closed { return .none }
            if let backfilled = state.backfilled, pages - backfilled < threshold / 2 {
                state.backfilled = nil
                return .writer
            }
            return .background
        }
    }

    /// Starts a background checkpoint unless one is under way.
    private func start() {
        let start = state.withLock { state -> Bool in
            guard !state.running, !state.closed else { return false }
            state.running = true
            return true
        }
        guard start else { return }
        queue.async { [self] in
            defer { state.withLock { $0.running = false } }
            do {
                let connection = try self.connection()
                let copied = try connection.writeWithoutTransaction { db -> CInt? in
                    var log: CInt = 0
                    var copied: CInt = 0
                    let code = sqlite3_wal_checkpoint_v2(db.sqliteConnection, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
                    // Another process's checkpoint is under way (servers sharing one file): its pass counts.
                    if code == SQLITE_BUSY { return nil }
                    guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                    return copied
                }
                guard let copied else { return }
                state.withLock { state in
                    state.checkpoints += 1
                    state.backfilled = copied
                }
            } catch {
                logger.warning(
                    "a background checkpoint of \(path) failed; the writer checkpoints from \(Self.backstop) pages on",
                    metadata: ["error": "\(error)"])
            }
        }
    }

    /// The checkpoint connection, opened on first use.
    private func connection() throws -> DatabaseQueue {
        if let connection = state.withLock({ $0.closed ? nil : $0.connection }) { return connection }
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        configuration.label = "auth.sqlite3.checkpoint"
        configuration.prepareDatabase { db in try SQLiteFileModes.persistWAL(db) }
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        state.withLock { $0.connection = connection }
        return connection
    }
}

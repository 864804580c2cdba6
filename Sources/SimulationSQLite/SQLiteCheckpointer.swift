import AuthData
import Foundation
import GRDB
import GRDBSQLite
import Logging

/// Copies the WAL into the database file on a connection and a thread of its own, so that the
/// writer's commits do not pay for it.
///
/// SQLite checkpoints in the commit that finds the WAL past `wal_autocheckpoint` pages: that commit
/// reads the frames back, writes the pages into the database file and syncs both, 30-60 ms at
/// 10,000 pages, while every request queued behind the writer waits (it was the emulator's p99.9
/// under load, and about a sixth of the writer's time; Docs/Performance.md). Here the writer's
/// connection reports each commit's WAL size (`sqlite3_wal_hook`, which replaces SQLite's own
/// automatic checkpoint on that connection), and every ``requestFrames`` new frames this type runs a
/// `PASSIVE` checkpoint on its own connection: it copies what readers no longer need, never waits for
/// a lock and never blocks the writer, which goes on appending meanwhile.
///
/// The WAL restarts from its beginning only at a write that finds every frame copied, which a
/// background checkpoint alone never leaves under a steady stream of writes: the writer has always
/// appended while it ran. So the background goes again while what it left is more than
/// ``residueFrames`` (each pass is shorter than the one before), and the writer's next commit then
/// copies the rest itself, `PASSIVE` too (``Counts/finishing``): a few hundred frames' pages and
/// two short syncs, after which its next transaction restarts the WAL. Should the background fall
/// behind, the writer checkpoints itself once the WAL holds ``inlineFrames`` frames (SQLite's own
/// setting here was 10,000), `PASSIVE` too, so that it only copies what is left.
///
/// Durability does not change: a commit is in the WAL when it is answered, whoever copies it later.
package final class SQLiteCheckpointer: @unchecked Sendable {
    /// New frames between two background checkpoints. Each checkpoint copies the pages every
    /// sign-in touches again (the tables' last pages, the stamp), syncs twice, and slows the
    /// requests that run beside it a little: every 1,000 frames (SQLite's default) cost about 30 µs
    /// more CPU per sign-in than every 3,000 under load, and every 3,000 or 5,000 raised the p99 of
    /// one sign-in at a time by 0.1-0.2 ms (Docs/Performance.md). Since the WAL restarts after each
    /// (the writer's finishing checkpoint), every 20,000 served 8-12 % more durable sign-ins under
    /// load than every 10,000 (fewer cycles, each ending in two syncs on the writer), and every
    /// 30,000 no more. The WAL restarts every 20,000 frames or a little more: its file reached
    /// 133 MB (about 32,000 frames) in a 15 s run at 1,000 users, when a restart came late.
    static let requestFrames: Int32 = 20_000
    /// The WAL's size at which the writer checkpoints itself.
    static let inlineFrames: Int32 = 40_000
    /// The most frames the background leaves for the writer to copy: past it, it checkpoints again.
    static let residueFrames: Int32 = 500
    /// The most background passes in a row, so that a writer faster than they are is left to
    /// ``inlineFrames`` instead of keeping the thread busy.
    static let passes = 4

    /// What has been checkpointed, and by whom.
    package struct Counts: Sendable, Equatable {
        /// Checkpoints on the background connection.
        package var background = 0
        /// Checkpoints the writer ran itself (the WAL reached ``inlineFrames``).
        package var inline = 0
        /// Checkpoints the writer ran to copy what a background one left, so that the WAL restarts.
        package var finishing = 0

        /// None yet.
        package init() {}
    }

    private struct State {
        var requested = false
        /// Whether a background checkpoint has left frames for the writer's next commit to copy.
        var leftForWriter = false
        /// The WAL's size after the writer's last commit.
        var frames: Int32 = 0
        var stopped = false
        /// Whether the checkpoints' thread has been started (at the first request).
        var started = false
        var counts = Counts()
    }

    private let path: String
    private let logger: Logger
    private let state = Locked(State())
    /// Wakes the checkpoints' thread: a checkpoint is asked for, or the end.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled by the checkpoints' thread when it has closed its connection and ended.
    private let finished = DispatchSemaphore(value: 0)
    /// The background connection (the checkpoints' thread only).
    private var connection: DatabaseQueue?
    /// The writer's WAL size at which it next asks for a checkpoint (the writer's thread only).
    private var nextRequest = requestFrames
    /// What the hook and the thread hold: both can outlive this type.
    private let hookContext: HookContext

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
        hookContext = HookContext()
        hookContext.checkpointer = self
    }

    /// What has been checkpointed so far.
    var counts: Counts { state.withLock { $0.counts } }

    /// The WAL's size in frames after the writer's last commit (0 before the first).
    var frames: Int { Int(state.withLock { $0.frames }) }

    /// Takes over the writer connection's checkpoints until ``uninstall(from:)``.
    /// - Parameter db: The writer connection.
    func install(on db: Database) {
        let context = Unmanaged.passRetained(hookContext).toOpaque()
        sqlite3_wal_hook(
            db.sqliteConnection,
            { context, connection, name, frames in
                guard let context else { return SQLITE_OK }
                Unmanaged<HookContext>.fromOpaque(context).takeUnretainedValue().checkpointer?.committed(
                    frames: frames, connection: connection, name: name)
                return SQLITE_OK
            }, context)
    }

    /// Gives the writer connection's checkpoints back to SQLite (before it closes).
    /// - Parameter db: The writer connection ``install(on:)`` was given.
    func uninstall(from db: Database) {
        guard let context = sqlite3_wal_hook(db.sqliteConnection, nil, nil) else { return }
        Unmanaged<HookContext>.fromOpaque(context).release()
    }

    /// Ends the background checkpoints: waits for the one running, and for the thread to close its
    /// connection and end.
    func stop() {
        let started = state.withLock { state -> Bool in
            state.stopped = true
            return state.started
        }
        guard started else { return }
        wake.signal()
        finished.wait()
    }

    /// After each of the writer's commits, on its thread: the WAL now holds `frames` frames.
    private func committed(frames: Int32, connection: OpaquePointer?, name: UnsafePointer<CChar>?) {
        let restarted = frames < nextRequest - Self.requestFrames
        if restarted { nextRequest = Self.requestFrames }
        let finish = state.withLock { state in
            state.frames = frames
            defer { state.leftForWriter = false }
            return state.leftForWriter && !restarted
        }
        if frames >= Self.inlineFrames || finish {
            sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            state.withLock { state in
                if frames >= Self.inlineFrames {
                    state.counts.inline += 1
                } else {
                    state.counts.finishing += 1
                }
            }
            nextRequest = Self.requestFrames
            return
        }
        guard frames >= nextRequest else { return }
        nextRequest = frames + Self.requestFrames
        let (ask, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.requested, !state.stopped else { return (false, false) }
            state.requested = true
            defer { state.started = true }
            return (true, !state.started)
        }
        if start {
            let thread = Thread { [hookContext] in Self.run(hookContext) }
            thread.name = "auth.sqlite3.checkpoint"
            thread.start()
        }
        if ask { wake.signal() }
    }

    /// The checkpoints' thread: a thread of its own, so that its lower priority (nice 10 on Linux,
    /// where Dispatch's quality of service sets none and the nice value is the calling thread's,
    /// `who` 0 in man 2 setpriority) is never left on a thread that runs requests. It ends when
    /// stopped, or when its checkpointer is gone (a storage dropped without `close()`).
    private static func run(_ owner: HookContext) {
        #if os(Linux)
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
        while let checkpointer = owner.checkpointer {
            let woken = checkpointer.wake.wait(timeout: .now() + .seconds(1)) == .success
            if checkpointer.state.withLock({ $0.stopped }) {
                try? checkpointer.connection?.close()
                checkpointer.connection = nil
                checkpointer.finished.signal()
                return
            }
            if woken { checkpointer.checkpoint() }
        }
    }

    /// `PASSIVE` checkpoints on this type's connection (opened the first time): again while the
    /// writer has appended more than ``residueFrames`` meanwhile, at most ``passes``; what is left
    /// then is the writer's.
    private func checkpoint() {
        state.withLock { $0.requested = false }
        if connection == nil { connection = open() }
        guard let connection else { return }
        do {
            var left: Int32 = 0
            for _ in 0..<Self.passes {
                // SQLite gives the frames it has copied in all (the WAL's size it gives is the one
                // it started from); the writer's hook has the WAL's size now.
                let copied = try connection.writeWithoutTransaction { db in
                    var frames: Int32 = 0
                    var copied: Int32 = 0
                    let code = sqlite3_wal_checkpoint_v2(db.sqliteConnection, "main", SQLITE_CHECKPOINT_PASSIVE, &frames, &copied)
                    guard code == SQLITE_OK || code == SQLITE_BUSY else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                    return code == SQLITE_OK ? copied : nil
                }
                left = state.withLock { state in
                    state.counts.background += 1
                    // Fewer frames than were copied: the WAL has restarted meanwhile.
                    return copied.map { state.frames > $0 ? state.frames - $0 : 0 } ?? 0
                }
                if left <= Self.residueFrames || state.withLock({ $0.stopped }) { break }
            }
            if left > 0 { state.withLock { $0.leftForWriter = true } }
        } catch {
            logger.warning("\(path): background checkpoint failed: \(error)")
        }
    }

    /// The background connection.
    private func open() -> DatabaseQueue? {
        do {
            var configuration = Configuration()
            configuration.label = "auth.sqlite3.checkpoint"
            let connection = try DatabaseQueue(path: path, configuration: configuration)
            try connection.writeWithoutTransaction { db in try SQLiteFileModes.persistWAL(db) }
            return connection
        } catch {
            logger.warning("\(path): cannot open the checkpoint connection: \(error)")
            return nil
        }
    }
}

/// The writer's WAL hook's and the checkpoints' thread's way back to the checkpointer: a weak one.
private final class HookContext: @unchecked Sendable {
    weak var checkpointer: SQLiteCheckpointer?
}

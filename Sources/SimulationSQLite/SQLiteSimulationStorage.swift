import AuthSimulation
import Foundation
import GRDB
import Logging

/// The SQLite adapter of ``SimulationStorage``: one database file (GRDB's `DatabasePool`, the
/// system's SQLite), WAL mode. Steps run one at a time on the writer connection, each in a
/// savepoint of a `BEGIN IMMEDIATE` transaction. A step without a ``StorageCommitTicket`` commits
/// before it returns; steps of requests that hold one (the emulator's) are committed in groups
/// (``SQLiteGroupCommit``): every step that reached the writer while the group was open, in one
/// `COMMIT`, and each request is answered once its ticket settles. A step that fails is rolled back
/// alone. Reads run on reader connections beside the writer and never wait for it, except a read
/// of a request whose own writes are not committed yet (it commits them first, to read them).
///
/// Durability: `synchronous=NORMAL`, so a commit survives the process being killed at once (it
/// is in the WAL file), and a power loss once SQLite has checkpointed or synced the WAL.
///
/// The file stays in WAL mode between processes, and its `-wal` and `-shm` files stay beside it
/// (SQLite's persistent WAL, `SQLITE_FCNTL_PERSIST_WAL`, as GRDB's "Sharing a Database" guide
/// advises for readers that cannot write): a command in a read-only state directory can still read
/// it (``open(path:logger:readOnly:)``), since SQLite needs both files there and cannot create them.
/// ``close()`` checkpoints the WAL into the database file and truncates it to nothing. A
/// returning command thus neither turns WAL on at open nor rollback-journal mode on at close,
/// each a handful of `fdatasync`s (Docs/Performance.md, "The CLI").
///
/// ```swift
/// let storage = try SQLiteSimulationStorage.open(path: directory.url.appendingPathComponent("auth.sqlite3").path, logger: logger)
/// let services = try await SimulatedServices(configuration: setup, keys: keys, storage: storage, clock: .live)
/// ```
package final class SQLiteSimulationStorage: SimulationStorage {
    /// The database file.
    package let path: String
    private let pool: any DatabaseWriter
    private let readOnly: Bool
    private let group: SQLiteGroupCommit
    /// The WAL's checkpoints, off the writer's thread (a server's storage only).
    private let checkpointer: SQLiteCheckpointer?
    private let logger: Logger

    private init(path: String, pool: any DatabaseWriter, readOnly: Bool, checkpointer: SQLiteCheckpointer?, logger: Logger) {
        self.path = path
        self.pool = pool
        self.readOnly = readOnly
        self.checkpointer = checkpointer
        self.logger = logger
        group = SQLiteGroupCommit(path: path, logger: logger)
    }

    /// Opens (or creates) a database, checks that it is one this version can use, and brings its
    /// schema up to date. A damaged file is reported, never overwritten.
    /// - Parameters:
    ///   - path: The database file.
    ///   - logger: Where storage failures are logged.
    ///   - readOnly: Whether to only read (one read-only connection; writes fail), for a state
    ///     directory this process cannot write.
    ///   - oneConnection: Whether reads and writes share one connection (GRDB's `DatabaseQueue`,
    ///     the file turned to WAL mode if it is not): for a process that runs one request at a time
    ///     (a CLI command), which then opens neither the read-only connection that checks an
    ///     existing file first (the same checks run on this connection before it writes anything)
    ///     nor a reader, and skips `DatabasePool`'s own WAL set-up (a look at the `-wal` file's
    ///     attributes, and a table created and dropped when that file is empty, as it is after
    ///     every ``close()``). Not for a server: a read there would see the steps of a group not
    ///     committed yet.
    /// - Returns: The storage.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)`` for a file that is not a usable
    ///   database (not SQLite, truncated, damaged, of a newer version, not this tool's);
    ///   ``SimulationStoreError/unavailable(path:reason:)`` when it cannot be opened.
    package static func open(
        path: String, logger: Logger, readOnly: Bool = false, oneConnection: Bool = false
    ) throws(SimulationStoreError) -> SQLiteSimulationStorage {
        // Each commit's WAL frames in runs of up to 128 KiB (SQLiteWALWrites), for every connection from here on.
        SQLiteWALWrites.install()
        try SQLiteFileCheck.check(path: path)
        // A file found complete before opening (its schema's fingerprint is the migrations' one, or
        // the full check passed) is not checked again, nor handed to the migrator (which waits for
        // a barrier and tries to create its table): what every command after the first finds.
        let existed = oneConnection && SQLiteFileCheck.fileSize(path) > 0
        var complete = oneConnection ? false : try SQLiteFileCheck.precheckSchema(path: path)
        if !readOnly { try SQLiteFileModes.prepare(path: path) }
        var configuration = Configuration()
        // Wait for another connection's lock (another process's) in fine steps:
        // SQLite's own timeout sleeps up to 100 ms at a time, which a request would feel.
        configuration.busyMode = .callback { attempts in
            usleep(100)
            return attempts < 100_000
        }
        configuration.maximumReaderCount = 4
        configuration.label = "auth.sqlite3"
        // Group commit leaves a transaction open between steps until its scheduled commit runs.
        configuration.allowsUnsafeTransactions = true
        configuration.readonly = readOnly
        if !readOnly {
            // A checkpoint runs in the commit that crosses `wal_autocheckpoint` pages of WAL, and
            // that one request pays for the copy and two syncs: about 8 ms at SQLite's default of
            // 1,000 pages, which is one sign-in in about 60 (over 1 %, so the p99 was a checkpoint);
            // 30-60 ms at 10,000 pages (about 40 MB of WAL), one sign-in in about 600. That is
            // a CLI command's setting; a server's writer hands its checkpoints to
            // `SQLiteCheckpointer` instead. Figures: Docs/Performance.md.
            configuration.prepareDatabase { db in
                // A WAL left larger than `journal_size_limit` is cut back to it when it restarts, and
                // grown again: 256 MiB is above the most a server's WAL reaches, the writer's own
                // bound (``SQLiteCheckpointer/inlineFrames``, about 165 MB).
                try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 268435456; PRAGMA wal_autocheckpoint = 10000")
                // The writer's page cache: 32 MiB instead of SQLite's 2 MiB, so that the pages a
                // sign-in touches (the users, sessions and refresh tokens and their indexes) are
                // read from the file once, not on each step (`pread` was about 8 % of the writer's
                // time under load with 1,000 users). Readers keep the default.
                if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -32768") }
                // Temporary files in memory, above all the savepoints' sub-journal: each step of a
                // group runs in a savepoint, and SQLite keeps the pages the step changes as they were
                // before it, to roll it back alone. Past 64 KiB, a few steps' worth, that went to a
                // temporary file (opened, written and deleted for each group): a third of the writer's
                // `pwrite`s under load (Docs/Performance.md). A group holds at most 16 steps, so this is
                // bounded by what 16 steps change.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                try SQLiteFileModes.persistWAL(db)
            }
        }
        let pool: any DatabaseWriter
        do {
            // A pool turns the file to WAL mode as it opens, which another connection turning it
            // at the same moment can refuse at once (`SQLiteBusyRetry`).
            pool =
                readOnly || oneConnection
                ? try DatabaseQueue(path: path, configuration: configuration)
                : try SQLiteBusyRetry.run { try DatabasePool(path: path, configuration: configuration) }
        } catch {
            throw SQLiteFileCheck.failure(error, path: path)
        }
        do {
            if oneConnection {
                // What the read-only look before opening checks in the other modes, before the
                // first write (turning WAL mode on, if it is not), which leaves a refused file as it is.
                if existed { complete = try pool.read { db in try SQLiteFileCheck.isUpToDate(db, path: path) } }
                try SQLiteBusyRetry.run { try pool.writeWithoutTransaction { db in try SQLiteFileModes.walMode(db) } }
            }
            if !complete {
                try SQLiteFileCheck.checkSchema(pool, path: path)
                if readOnly {
                    guard try pool.read({ db in try SQLiteSchema.migrator.hasCompletedMigrations(db) }) else {
                        let reason = "its schema is older than this version's, and it cannot be updated in a read-only directory"
                        throw SimulationStoreError.unavailable(path: path, reason: reason)
                    }
                } else {
                    try SQLiteSchema.migrate(pool)
                }
            }
        } catch let error as SimulationStoreError {
            throw error
        } catch {
            throw SQLiteFileCheck.failure(error, path: path)
        }
        var checkpointer: SQLiteCheckpointer?
        if !readOnly && !oneConnection {
            let background = SQLiteCheckpointer(path: path, logger: logger)
            pool.writeWithoutTransaction { db in background.install(on: db) }
            checkpointer = background
        }
        return SQLiteSimulationStorage(path: path, pool: pool, readOnly: readOnly, checkpointer: checkpointer, logger: logger)
    }

    package func write<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) throws(StorageStepFailure<Failure>)
        -> Result
    {
        let ticket = StorageCommitTicket.current
        let outcome: Swift.Result<Result, Failure>
        group.arrive()
        var started = false
        defer { if !started { group.leave(pool) } }
        do {
            outcome = try pool.writeWithoutTransaction { db in
                started = true
                return try group.run(db, writer: pool, ticket: ticket) { () throws -> Swift.Result<Result, Failure> in
                    try Self.run(body, db: db)
                }
            }
        } catch {
            throw .storage(group.failure(error))
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw .step(error)
        }
    }

    /// A step of a request that holds a ``StorageCommitTicket`` is queued on the writer connection
    /// and the caller suspended until the transaction that holds the step has ended: the
    /// concurrency pool's threads go on with other requests meanwhile, every step that queues up
    /// while one runs joins the same group, and the caller is resumed once, with its step
    /// committed (or rolled back). A step without a ticket runs as ``write(_:)`` (committed before
    /// it returns), as does a step that finds the writer free.
    package func writeSuspending<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result)
        async throws(StorageStepFailure<Failure>) -> Result
    {
        // Without a ticket, or with the writer free, the step runs on this thread: a lone request
        // need not hop to the writer's queue and back (its latency), and there is nothing to group.
        guard let ticket = StorageCommitTicket.current, !group.isIdle else { return try write(body) }
        let outcome = await withoutActuallyEscaping(body) { body in
            let queued = QueuedStep(body)
            group.arrive()
            return await withCheckedContinuation { (continuation: CheckedContinuation<QueuedStep<Result, Failure>, Never>) in
                pool.asyncWriteWithoutTransaction { [group, pool] db in
                    queued.run { body in
                        try group.run(db, writer: pool, ticket: ticket) { () throws -> Swift.Result<Result, Failure> in
                            try Self.run(body, db: db)
                        }
                    }
                    // Resumed once its group's commit is done (at once if it committed itself):
                    // its ticket has settled by then, and the caller wakes once.
                    group.whenTransactionEnds(db) { continuation.resume(returning: queued) }
                }
            }.outcome
        }
        switch outcome {
        case .success(.success(let value)): return value
        case .success(.failure(let error)): throw .step(error)
        case .failure(let error): throw .storage(group.failure(error))
        case nil: throw .storage(group.failure(SimulationStorageError("the writer did not run the step")))
        }
    }

    /// Runs a step's body on the writer connection; a failure of its rows is thrown.
    private static func run<Result, Failure: Error>(
        _ body: (any SimulationRows) throws(Failure) -> Result, db: Database
    ) throws -> Swift.Result<Result, Failure> {
        let rows = SQLiteRows(step: SQLiteStep(db: db))
        let outcome: Swift.Result<Result, Failure>
        do throws(Failure) { outcome = .success(try body(rows)) } catch { outcome = .failure(error) }
        rows.finish()
        if let failure = rows.step.failure { throw failure }
        return outcome
    }

    package func read<Result, Failure: Error>(_ body: (any SimulationRows) throws(Failure) -> Result) throws(StorageStepFailure<Failure>)
        -> Result
    {
        let outcome: Swift.Result<Result, Failure>
        if let ticket = StorageCommitTicket.current, ticket.isPending {
            // This request wrote steps that are not committed yet: commit them, so that it reads them.
            try? pool.writeWithoutTransaction { db in try group.commit(db) }
        }
        do {
            outcome = try pool.read { db in
                let rows = SQLiteRows(step: SQLiteStep(db: db))
                let outcome: Swift.Result<Result, Failure>
                do throws(Failure) { outcome = .success(try body(rows)) } catch { outcome = .failure(error) }
                if let failure = rows.step.failure { throw failure }
                return outcome
            }
        } catch {
            throw .storage(group.failure(error))
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw .step(error)
        }
    }

    /// Commits what is pending, writes the WAL into the database file, truncates the WAL, and
    /// closes every connection; the file stays in WAL mode, its `-wal` and `-shm` files in place
    /// (see the type's notes).
    /// - Throws: ``SimulationStoreError/unavailable(path:reason:)``.
    package func close() throws(SimulationStoreError) {
        guard !readOnly else {
            try? pool.close()
            return
        }
        let counts = group.counts
        if counts.commits > 0 {
            let checkpoints = checkpointCounts
            logger.info(
                """
                \(path): \(counts.steps) write steps in \(counts.commits) commits; checkpoints: \(checkpoints.background) in the \
                background, \(checkpoints.finishing) finishing theirs and \(checkpoints.inline) past the WAL's bound on the writer
                """)
        }
        do {
            try pool.writeWithoutTransaction { db in
                try group.commit(db)
                // The background checkpoints end first, so that the last one has the WAL to itself.
                checkpointer?.uninstall(from: db)
                checkpointer?.stop()
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try pool.close()
        } catch {
            throw .unavailable(path: path, reason: "\(error)")
        }
    }

    /// What the writer has run so far: steps and commits (their ratio is the mean group size).
    package var writerCounts: SQLiteGroupCommit.Counts { group.counts }

    /// The WAL's checkpoints so far, in the background and on the writer (none for a CLI
    /// command's storage, which leaves them to SQLite).
    package var checkpointCounts: SQLiteCheckpointer.Counts { checkpointer?.counts ?? .init() }

    /// The WAL's size in frames after the writer's last commit (0 for a CLI command's storage,
    /// whose commits are not reported).
    package var walFrames: Int { checkpointer?.frames ?? 0 }
}

/// A step handed to the writer's queue and what it gave. The caller is suspended from the moment
/// the step is queued until the writer resumes it, and the writer touches the step only in
/// between, so the two never use it at once (the continuation orders the writer's writes before
/// the caller's reads). The writer lets go of the body before it resumes the caller, who lent it
/// (`withoutActuallyEscaping`) only for that long.
private final class QueuedStep<Result, Failure: Error>: @unchecked Sendable {
    private var body: ((any SimulationRows) throws(Failure) -> Result)?
    private(set) var outcome: Swift.Result<Swift.Result<Result, Failure>, any Error>?

    init(_ body: @escaping (any SimulationRows) throws(Failure) -> Result) { self.body = body }

    /// Runs the body once, on the writer, and keeps what it gave.
    func run(_ step: ((any SimulationRows) throws(Failure) -> Result) throws -> Swift.Result<Result, Failure>) {
        guard let body else { return }
        self.body = nil
        outcome = Swift.Result { try step(body) }
    }
}

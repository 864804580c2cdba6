import AuthData
import AuthSimulation
import GRDB
import Logging

/// Group commit on the writer connection: steps that arrive while a transaction is open join it,
/// each inside a savepoint of its own, and one `COMMIT` ends them all.
///
/// A step of a request that holds a ``StorageCommitTicket`` returns once its writes are in the
/// open transaction. The commit is left to the last of the steps already waiting for the writer
/// (so that they all join this transaction): the step that finds none waiting (or the group at
/// ``maxGroup`` steps) commits before it returns; the tickets settle when it has committed. A step
/// without a ticket commits the open transaction (its own writes and the group's) before it
/// returns. A step that fails is rolled back to its savepoint: its neighbours' writes stay. If
/// `COMMIT` itself fails, the whole transaction is rolled back and every ticket in it is told.
/// A suspended step (`SQLiteSimulationStorage.writeSuspending`) resumes its caller only when the
/// transaction that holds it has ended (``whenTransactionEnds(_:_:)``).
///
/// ``run(_:writer:ticket:_:)`` and ``commit(_:)`` run on the writer connection (GRDB serialises them).
package final class SQLiteGroupCommit: Sendable {
    /// How many steps and transactions the writer has run, for benchmarks and tests.
    package struct Counts: Sendable, Equatable {
        /// Write steps run (committed or not).
        package var steps = 0
        /// Transactions committed.
        package var commits = 0
        /// Steps waiting for the writer connection.
        package var waiting = 0
    }

    private struct State: Sendable {
        var joined: [StorageCommitTicket] = []
        /// What runs once the open transaction ends, after its tickets are settled.
        var afterEnd: [@Sendable () -> Void] = []
        var scheduled = false
        /// Whether a step is running on the writer.
        var running = false
        var counts = Counts()
    }

    /// The most steps one commit waits for while more keep arriving, so that a first step's answer
    /// is not held back without bound under a constant stream of writes.
    ///
    /// Small enough that the writer and the requests overlap: with 32 connections and groups of up
    /// to 64, a group held nearly every request, so the requests' own work (verification, the
    /// answer) waited for its commit and the writer then waited for the next requests (a third of
    /// both cores idle); groups of 4 to 16 served 15-20 % more durable sign-ins
    /// (Docs/Performance.md). 16 keeps the most steps per commit among those.
    static let maxGroup = 16

    private let path: String
    private let logger: Logger
    private let state = Locked(State())

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// What the writer has done so far.
    var counts: Counts { state.current.counts }

    /// Counts a step that waits for the writer connection (until ``run(_:writer:ticket:_:)`` starts it).
    func arrive() { state.withLock { $0.counts.waiting += 1 } }

    /// Whether the writer is free: no step runs or waits, and no group waits for its commit. A
    /// step that finds it free may as well run on its caller's thread (no hop to the writer's
    /// queue and back, which a lone request would only wait for).
    var isIdle: Bool { state.withLock { $0.counts.waiting == 0 && !$0.running && $0.joined.isEmpty } }

    /// Uncounts a step that never reached ``run(_:writer:ticket:_:)`` (the connection failed), and
    /// schedules the commit it would have left to the last one.
    /// - Parameter writer: The pool.
    func leave(_ writer: any DatabaseWriter) {
        state.withLock { $0.counts.waiting -= 1 }
        scheduleCommit(writer)
    }

    /// Runs one step on the writer connection inside the open transaction (begun if none is).
    /// - Parameters:
    ///   - db: The writer connection.
    ///   - writer: The pool, to schedule the commit on.
    ///   - ticket: The request's ticket, or `nil` to commit before returning.
    ///   - step: The step; what it throws rolls back its own writes only.
    /// - Returns: What the step returned.
    /// - Throws: The step's failure, or the database's.
    func run<Value>(_ db: Database, writer: any DatabaseWriter, ticket: StorageCommitTicket?, _ step: () throws -> Value) throws -> Value {
        state.withLock {
            $0.counts.waiting -= 1
            $0.counts.steps += 1
            $0.running = true
        }
        defer { state.withLock { $0.running = false } }
        if !db.isInsideTransaction {
            do { try db.cachedStatement(sql: "BEGIN IMMEDIATE").execute() } catch {
                scheduleCommit(writer)
                throw error
            }
        }
        do {
            try db.cachedStatement(sql: "SAVEPOINT step").execute()
        } catch {
            try end(db, writer: writer, ticket: ticket)
            throw error
        }
        let value: Value
        do {
            value = try step()
        } catch {
            do {
                try db.execute(sql: "ROLLBACK TO step; RELEASE step")
            } catch let rollback {
                abort(db, rollback)
                throw rollback
            }
            try end(db, writer: writer, ticket: ticket)
            throw error
        }
        do {
            try db.cachedStatement(sql: "RELEASE step").execute()
        } catch {
            abort(db, error)
            throw error
        }
        if let ticket {
            ticket.join()
            state.withLock { $0.joined.append(ticket) }
        }
        try end(db, writer: writer, ticket: ticket)
        return value
    }

    /// Commits the open transaction now, if any, and settles the tickets in it.
    /// - Parameter db: The writer connection.
    /// - Throws: The database's failure (the transaction is then rolled back).
    func commit(_ db: Database) throws {
        let (joined, afterEnd) = takeJoined()
        guard db.isInsideTransaction else {
            Self.end(joined, nil, afterEnd)
            return
        }
        do {
            try db.cachedStatement(sql: "COMMIT").execute()
        } catch {
            try? db.execute(sql: "ROLLBACK")
            Self.end(joined, self.failure(error), afterEnd)
            throw error
        }
        state.withLock { $0.counts.commits += 1 }
        Self.end(joined, nil, afterEnd)
    }

    /// Runs `body` once the open transaction has ended (committed or rolled back), after its
    /// tickets are settled; at once when none is open. A suspended step's caller is resumed this
    /// way: one wake-up per request when its commit is done, rather than one when its step is
    /// done and another when its ticket settles.
    /// - Parameters:
    ///   - db: The writer connection.
    ///   - body: What to run.
    func whenTransactionEnds(_ db: Database, _ body: @escaping @Sendable () -> Void) {
        guard db.isInsideTransaction else { return body() }
        state.withLock { $0.afterEnd.append(body) }
    }

    /// Settles the tickets of a transaction that ended, then runs what waited for its end.
    private static func end(_ tickets: [StorageCommitTicket], _ failure: SimulationStorageError?, _ afterEnd: [@Sendable () -> Void]) {
        for ticket in tickets { ticket.settle(failure) }
        for body in afterEnd { body() }
    }

    /// Logs a storage failure (GRDB's messages carry the SQL, never the statement arguments).
    /// - Parameter error: The database's error.
    /// - Returns: The failure to report.
    func failure(_ error: any Error) -> SimulationStorageError {
        let failure = SimulationStorageError("\(path): \(error)")
        logger.error("the emulator's database failed", metadata: ["error": "\(failure)"])
        return failure
    }

    /// Ends a step: without a ticket, commits now; with one, commits now only when no other step
    /// waits for the writer (or the group has ``maxGroup`` steps), and otherwise leaves the commit to
    /// the last of them. Committing here, on the thread that already holds the writer, costs a lone
    /// request no thread hop (a scheduled commit waited for a thread: the p99 on a busy machine).
    private func end(_ db: Database, writer: any DatabaseWriter, ticket: StorageCommitTicket?) throws {
        let now = state.withLock { ticket == nil || $0.counts.waiting == 0 || $0.joined.count >= Self.maxGroup }
        if now { try commit(db) }
    }

    /// Schedules the commit behind the writer's queue (when the step that would have committed did
    /// not run), unless one is scheduled, or a step waiting for the writer will commit.
    private func scheduleCommit(_ writer: any DatabaseWriter) {
        let schedule = state.withLock { state in
            guard !state.scheduled, state.counts.waiting == 0 || state.joined.count >= Self.maxGroup else { return false }
            state.scheduled = true
            return true
        }
        guard schedule else { return }
        writer.asyncWriteWithoutTransaction { [self] db in
            do { try commit(db) } catch { _ = failure(error) }
        }
    }

    /// Rolls the whole open transaction back (a savepoint could not be ended) and fails its tickets.
    private func abort(_ db: Database, _ error: any Error) {
        let (joined, afterEnd) = takeJoined()
        if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
        Self.end(joined, self.failure(error), afterEnd)
    }

    /// The tickets in the open transaction, which is about to end, and what waits for its end.
    private func takeJoined() -> ([StorageCommitTicket], [@Sendable () -> Void]) {
        state.withLock { state in
            defer { (state.joined, state.afterEnd) = ([], []) }
            state.scheduled = false
            return (state.joined, state.afterEnd)
        }
    }
}

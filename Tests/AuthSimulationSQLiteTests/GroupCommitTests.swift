import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulationSQLite

/// Group commit in the SQLite adapter: steps of requests that hold a ``StorageCommitTicket`` and
/// reach the writer together are committed in one transaction, each in its own savepoint; a
/// failing step is rolled back alone; reads never wait for the writer. (SQLite's savepoints:
/// https://sqlite.org/lang_savepoint.html; WAL readers beside a writer: https://sqlite.org/wal.html)
@Suite("SQLite storage: group commit")
struct GroupCommitTests {
    private struct Refused: Error {}

    // Deadlines are generous: the whole suite runs these beside hundreds of other tests on two
    // cores, where starting a thread and reaching the writer has taken over 5 s.

    private func makeSUT() throws -> (SQLiteSimulationStorage, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let storage = try SQLiteSimulationStorage.open(path: directory.url.appendingPathComponent("auth.sqlite3").path, logger: .quiet)
        return (storage, directory)
    }

    private static func message(_ code: String) -> MailMessage {
        MailMessage(code: code, kind: "magiclink", sender: "supabase", sentAt: Fixture.at(0))
    }

    /// Runs a ticketed step on a thread of its own (steps block their thread while they wait
    /// for the writer): delivers `code` to `recipient`, then runs `then` inside the step.
    /// - Returns: Whether the storage refused the step.
    private static func deliver(
        _ storage: SQLiteSimulationStorage, ticket: StorageCommitTicket, _ code: String, to recipient: String,
        then: @escaping @Sendable (any SimulationRows) -> Void = { _ in }
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread {
                let refused = StorageCommitTicket.scope.withValue(ticket) { () -> Bool in
                    do {
                        try storage.update { rows in
                            rows.mailbox.deliver(message(code), to: recipient, keepingAtMost: 10)
                            then(rows)
                        }
                        return false
                    } catch {
                        return true
                    }
                }
                continuation.resume(returning: refused)
            }.start()
        }
    }

    private static func codes(_ storage: SQLiteSimulationStorage, _ recipient: String) throws -> [String] {
        try storage.fetch { rows in rows.mailbox.messages(for: recipient).map(\.code) }
    }

    @Test("a step that fails inside a group is rolled back alone: the steps before and after it, in the same commit, are kept")
    func badStepFailsAlone() async throws {
        let (storage, directory) = try makeSUT()
        let gate = DispatchSemaphore(value: 0)
        let tickets = [StorageCommitTicket(), StorageCommitTicket(), StorageCommitTicket()]
        let before = storage.writerCounts
        // The first step holds the writer until the other two wait for it, so all three run in one transaction.
        async let first = Self.deliver(storage, ticket: tickets[0], "1", to: "a@example.com") { _ in _ = gate.wait(timeout: .now() + 120) }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.steps == before.steps + 1 })
        async let bad = Self.deliver(storage, ticket: tickets[1], "2", to: "b@example.com") { rows in
            (rows as? SQLiteRows)?.step.fail(Refused())
        }
        async let third = Self.deliver(storage, ticket: tickets[2], "3", to: "c@example.com")
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.waiting == 2 })
        gate.signal()
        let refused = await [first, bad, third]
        #expect(refused == [false, true, false], "only the failing step is refused")
        for ticket in tickets { #expect(await ticket.committed() == nil) }
        let after = storage.writerCounts
        #expect(after.steps - before.steps == 3 && after.commits - before.commits == 1, "one commit for the three steps: \(after)")

        // What a fresh connection reads from the file: the neighbours' rows, not the failed step's.
        try storage.close()
        let reopened = try SQLiteSimulationStorage.open(path: storage.path, logger: .quiet)
        #expect(try Self.codes(reopened, "a@example.com") == ["1"])
        #expect(try Self.codes(reopened, "b@example.com") == [])
        #expect(try Self.codes(reopened, "c@example.com") == ["3"])
        try reopened.close()
        _ = directory
    }

    @Test("a read beside an open group neither waits for the writer nor sees the group's rows until their commit")
    func readsDoNotWaitForTheWriter() async throws {
        let (storage, directory) = try makeSUT()
        let gate = DispatchSemaphore(value: 0)
        let ticket = StorageCommitTicket()
        let before = storage.writerCounts
        async let writing = Self.deliver(storage, ticket: ticket, "1", to: "a@example.com") { _ in _ = gate.wait(timeout: .now() + 120) }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.steps == before.steps + 1 })
        // The writer is inside its step (and its transaction) until the gate opens.
        #expect(try Self.codes(storage, "a@example.com") == [])
        gate.signal()
        #expect(await writing == false)
        #expect(await ticket.committed() == nil)
        #expect(try Self.codes(storage, "a@example.com") == ["1"], "answered, so committed")
        try storage.close()
        _ = directory
    }

    @Test("a request reads its own writes while their commit is left to a step that waits: the read commits the group first")
    func readsOwnWrites() async throws {
        let (storage, directory) = try makeSUT()
        let gate = DispatchSemaphore(value: 0)
        let ticket = StorageCommitTicket()
        let before = storage.writerCounts
        // The first request writes, holds the writer until a second step waits (so it leaves the commit to it), then reads.
        async let codes = withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            Thread {
                let codes = StorageCommitTicket.scope.withValue(ticket) { () -> [String] in
                    try? storage.update { rows in
                        rows.mailbox.deliver(Self.message("1"), to: "a@example.com", keepingAtMost: 10)
                        _ = gate.wait(timeout: .now() + 120)
                    }
                    return (try? Self.codes(storage, "a@example.com")) ?? []
                }
                continuation.resume(returning: codes)
            }.start()
        }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.steps == before.steps + 1 })
        async let second = Self.deliver(storage, ticket: StorageCommitTicket(), "2", to: "b@example.com")
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.waiting == 1 })
        gate.signal()
        #expect(await codes == ["1"])
        #expect(await second == false)
        #expect(await ticket.committed() == nil)
        try storage.close()
        _ = directory
    }

    @Test("steps without a ticket commit before they return, one transaction each (the CLI's way)")
    func stepsWithoutTicketCommitAtOnce() throws {
        let (storage, directory) = try makeSUT()
        let before = storage.writerCounts
        for code in ["1", "2"] {
            try storage.update { rows in rows.mailbox.deliver(Self.message(code), to: "a@example.com", keepingAtMost: 10) }
        }
        let after = storage.writerCounts
        #expect(after.commits - before.commits == 2 && after.steps - before.steps == 2)
        try storage.close()
        _ = directory
    }

    /// A suspending step (``SimulationStorage/writeSuspending(_:)``) of a request with a ticket:
    /// delivers `code` to `recipient`, then runs `then` inside the step.
    /// - Returns: Whether the storage refused the step.
    private static func deliverSuspending(
        _ storage: SQLiteSimulationStorage, ticket: StorageCommitTicket, _ code: String, to recipient: String,
        then: @escaping @Sendable (any SimulationRows) -> Void = { _ in }
    ) async -> Bool {
        await StorageCommitTicket.scope.withValue(ticket) {
            do {
                try await storage.writeSuspending { (rows: any SimulationRows) throws(Never) in
                    rows.mailbox.deliver(message(code), to: recipient, keepingAtMost: 10)
                    then(rows)
                }
                return false
            } catch {
                return true
            }
        }
    }

    @Test(
        """
        suspending steps wait for the writer without holding a thread: twelve requests queue behind a step that holds \
        the writer, all commit in its transaction, and the one that fails is rolled back alone
        """)
    func suspendedStepsShareOneCommit() async throws {
        let (storage, directory) = try makeSUT()
        let gate = DispatchSemaphore(value: 0)
        let first = StorageCommitTicket()
        let before = storage.writerCounts
        // The step that holds the writer runs on a thread of its own, not one of the concurrency pool's.
        async let holding = Self.deliver(storage, ticket: first, "0", to: "r0@example.com") { _ in
            _ = gate.wait(timeout: .now() + 120)
        }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.steps == before.steps + 1 })
        // Twelve suspended callers, more than the concurrency pool has threads (and fewer than a group's
        // most steps): each waits without blocking one.
        let tickets = (1...12).map { _ in StorageCommitTicket() }
        let queued = Task {
            await withTaskGroup(of: (Int, Bool).self) { group in
                for (index, ticket) in tickets.enumerated() {
                    group.addTask {
                        let refused = await Self.deliverSuspending(storage, ticket: ticket, "\(index + 1)", to: "r\(index + 1)@example.com")
                        {
                            rows in
                            if index == 7 { (rows as? SQLiteRows)?.step.fail(Refused()) }
                        }
                        return (index + 1, refused)
                    }
                }
                var refused: [Int: Bool] = [:]
                for await (index, wasRefused) in group { refused[index] = wasRefused }
                return refused
            }
        }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.waiting == 12 })
        gate.signal()
        #expect(await holding == false)
        let refused = await queued.value
        #expect(refused.filter(\.value).map(\.key) == [8], "only the failing step is refused")
        for ticket in [first] + tickets { #expect(await ticket.committed() == nil) }
        let after = storage.writerCounts
        #expect(after.steps - before.steps == 13 && after.commits - before.commits == 1, "one commit for the 13 steps: \(after)")

        try storage.close()
        let reopened = try SQLiteSimulationStorage.open(path: storage.path, logger: .quiet)
        for index in 0...12 {
            #expect(try Self.codes(reopened, "r\(index)@example.com") == (index == 8 ? [] : ["\(index)"]))
        }
        try reopened.close()
        _ = directory
    }

    @Test(
        """
        a group is committed at maxGroup steps even while more wait: forty steps queued behind one that holds the writer \
        are committed in groups of at most maxGroup, and every one of them is kept
        """)
    func groupsAreBounded() async throws {
        let (storage, directory) = try makeSUT()
        let gate = DispatchSemaphore(value: 0)
        let before = storage.writerCounts
        async let holding = Self.deliver(storage, ticket: StorageCommitTicket(), "0", to: "b0@example.com") { _ in
            _ = gate.wait(timeout: .now() + 120)
        }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.steps == before.steps + 1 })
        let queuedCount = 40
        let queued = Task {
            await withTaskGroup(of: Bool.self) { group in
                for index in 1...queuedCount {
                    group.addTask {
                        await Self.deliverSuspending(storage, ticket: StorageCommitTicket(), "\(index)", to: "b\(index)@example.com")
                    }
                }
                var refusals = 0
                for await refused in group where refused { refusals += 1 }
                return refusals
            }
        }
        #expect(await poll(timeout: .seconds(60)) { storage.writerCounts.waiting == queuedCount })
        gate.signal()
        #expect(await holding == false)
        #expect(await queued.value == 0)
        let after = storage.writerCounts
        let steps = queuedCount + 1
        let fewest = (steps + SQLiteGroupCommit.maxGroup - 1) / SQLiteGroupCommit.maxGroup
        #expect(after.steps - before.steps == steps)
        #expect(after.commits - before.commits == fewest, "groups of at most \(SQLiteGroupCommit.maxGroup) steps: \(after)")

        try storage.close()
        let reopened = try SQLiteSimulationStorage.open(path: storage.path, logger: .quiet)
        for index in 0...queuedCount { #expect(try Self.codes(reopened, "b\(index)@example.com") == ["\(index)"]) }
        try reopened.close()
        _ = directory
    }
}

import AuthData
import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

/// What only the SQLite adapter does: keep rows across processes, roll a failed step back, and
/// refuse damaged files without touching them.
@Suite("SQLite storage: files")
struct SQLiteFileTests {
    private func path(in directory: TemporaryDirectory) -> String { directory.url.appendingPathComponent("auth.sqlite3").path }

    @Test("rows written and closed are there when the file is opened again, also read-only")
    func reopen() throws {
        let directory = TemporaryDirectory()
        let user = Fixture.user(email: "ada@example.com", identities: [Fixture.identity("apple", "001", email: "ada@example.com", at: 1)])
        let first = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet)
        try first.update { rows in
            rows.supabase.save(user)
            rows.mailbox.deliver(
                MailMessage(code: "123456", kind: "magiclink", sender: "supabase", sentAt: Fixture.at(1)), to: "ada@example.com",
                keepingAtMost: 50)
        }
        try first.close()
        let second = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet, readOnly: true)
        #expect(try second.fetch { $0.supabase.user(user.id) } == user)
        #expect(try second.fetch { $0.mailbox.messages(for: "ada@example.com").map(\.code) } == ["123456"])
        try second.close()
    }

    /// Each opener checks the file, may find it half-made by another, and turns it to WAL mode,
    /// which SQLite refuses at once (no busy handler) while another connection is doing the same;
    /// before the open retried that and checked the file through one descriptor, most runs of this
    /// test failed, as "database is locked", "cannot be read" or "not a SQLite database". Servers'
    /// pools and commands' single connections open the file side by side here.
    @Test("connections that open a new file at once all end with the whole schema (each migration is its own transaction)")
    func concurrentFirstOpen() throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        let failures = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet, oneConnection: index % 2 == 1)
                try storage.close()
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet, readOnly: true)
        try storage.close()
    }

    @Test("a step the database refuses is rolled back whole and reported as a storage failure")
    func rollback() throws {
        let directory = TemporaryDirectory()
        let storage = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet)
        let first = Fixture.user(email: "ada@example.com")
        let bystander = Fixture.user(email: "bob@example.com")
        #expect(throws: SimulationStorageError.self) {
            try storage.update { rows in
                rows.supabase.save(bystander)
                rows.supabase.save(first)
                rows.supabase.save(Fixture.user(email: "ada@example.com"))
            }
        }
        #expect(try storage.fetch { $0.supabase.userCount() } == 0, "nothing of the failed step is kept")
        try storage.update { $0.supabase.save(first) }
        #expect(try storage.fetch { $0.supabase.userCount() } == 1, "the storage works on")
    }

    @Test(
        "a file that is not a SQLite database, a truncated one, another tool's, or a newer version's is refused and left as it is",
        arguments: ["garbage", "truncated", "foreign", "newer"], [false, true])
    func damaged(kind: String, oneConnection: Bool) throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        switch kind {
        case "garbage":
            try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: file))
        case "truncated":
            let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet)
            try storage.update { rows in for index in 0..<200 { rows.supabase.save(Fixture.user(at: Double(index))) } }
            try storage.close()
            var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            bytes.removeLast(bytes.count / 2)
            try bytes.write(to: URL(fileURLWithPath: file))
        case "foreign":
            let queue = try DatabaseQueue(path: file)
            try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
            try queue.close()
        default:
            let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet)
            try storage.close()
            let queue = try DatabaseQueue(path: file)
            try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('99-from-the-future')") }
            try queue.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect {
            _ = try SQLiteSimulationStorage.open(path: file, logger: .quiet, oneConnection: oneConnection)
        } throws: { error in
            guard case SimulationStoreError.corrupt(let path, let reason)? = error as? SimulationStoreError else { return false }
            return path == file && !reason.isEmpty
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "never overwritten")
    }

    /// Opening a FIFO for reading waits for a writer; the check before SQLite opens the file must
    /// not, nor may SQLite's open after it.
    @Test("a FIFO where the database should be is refused at once, not waited on", .timeLimit(.minutes(1)), arguments: [false, true])
    func fifo(oneConnection: Bool) throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        #expect(mkfifo(file, 0o600) == 0)
        #expect(throws: SimulationStoreError.self) {
            _ = try SQLiteSimulationStorage.open(path: file, logger: .quiet, oneConnection: oneConnection)
        }
    }
}

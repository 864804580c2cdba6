import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

/// The database stays in WAL mode between processes, its `-wal` and `-shm` files in place, so
/// that a reader that cannot create them (a read-only state directory) still reads it (SQLite
/// `wal.html`, "Read-Only Databases"; GRDB's "Sharing a Database" guide).
@Suite("SQLite storage: persistent WAL")
struct SQLitePersistentWALTests {
    private func path(in directory: TemporaryDirectory) -> String { directory.url.appendingPathComponent("auth.sqlite3").path }

    /// A database as an earlier version left it: rollback-journal mode, no `-wal` or `-shm` file.
    private func makeRollbackJournalFile(_ file: String) throws {
        try SQLiteSimulationStorage.open(path: file, logger: .quiet).close()
        let queue = try DatabaseQueue(path: file)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }

    private func size(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int }

    /// Whether the file's header says WAL mode: its read and write versions (bytes 18 and 19) are 2
    /// (https://sqlite.org/fileformat.html, "The Database Header").
    private func headerSaysWAL(_ file: String) throws -> Bool {
        let header = try #require(FileHandle(forReadingAtPath: file)).readData(ofLength: 20)
        return header.count == 20 && header[18] == 2 && header[19] == 2
    }

    @Test("closed, the file is in WAL mode with an empty -wal and its -shm beside it, and every row is in the database file")
    func closedState() throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet)
        try storage.update { rows in rows.supabase.save(Fixture.user(email: "ada@example.com")) }
        try storage.close()
        #expect(size(file + "-wal") == 0, "checkpointed and truncated")
        #expect(size(file + "-shm") != nil)
        #expect(FileManager.default.fileExists(atPath: file + "-journal") == false)
        #expect(try headerSaysWAL(file), "the header's read and write versions say WAL")
        // The rows are in the main file: a copy of it alone (no -wal) holds them.
        let copy = directory.url.appendingPathComponent("copy.sqlite3").path
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        let queue = try DatabaseQueue(path: copy)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users") } == 1)
        try queue.close()
    }

    @Test("a returning open and close of a WAL file do not switch journal modes: the file stays in WAL mode")
    func reopenKeepsWAL() throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        for _ in 0..<3 { try SQLiteSimulationStorage.open(path: file, logger: .quiet).close() }
        let read = try SQLiteSimulationStorage.open(path: file, logger: .quiet, readOnly: true)
        try read.close()
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: file, configuration: configuration)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        try queue.close()
        #expect(size(file + "-wal") == 0)
    }

    @Test("a file an earlier version left in rollback-journal mode is opened, turned to WAL, and read read-only")
    func fromRollbackJournal() throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        try makeRollbackJournalFile(file)
        let reader = try SQLiteSimulationStorage.open(path: file, logger: .quiet, readOnly: true)
        #expect(try reader.fetch { $0.supabase.userCount() } == 0)
        try reader.close()
        let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet)
        try storage.update { rows in rows.supabase.save(Fixture.user(email: "ada@example.com")) }
        try storage.close()
        #expect(size(file + "-wal") == 0)
        let again = try SQLiteSimulationStorage.open(path: file, logger: .quiet, readOnly: true)
        #expect(try again.fetch { $0.supabase.userCount() } == 1)
        try again.close()
    }

    @Test("one connection (a CLI command's): a new file is made in WAL mode, reads see the writes, and it closes as a pool does")
    func oneConnection() throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet, oneConnection: true)
        try storage.update { rows in rows.supabase.save(Fixture.user(email: "ada@example.com")) }
        #expect(try storage.fetch { $0.supabase.userCount() } == 1)
        try storage.close()
        #expect(size(file + "-wal") == 0, "checkpointed and truncated")
        #expect(size(file + "-shm") != nil)
        #expect(try headerSaysWAL(file), "the header's read and write versions say WAL")
        let pool = try SQLiteSimulationStorage.open(path: file, logger: .quiet)
        #expect(try pool.fetch { $0.supabase.userCount() } == 1)
        try pool.close()
    }

    @Test("one connection turns a file an earlier version left in rollback-journal mode to WAL")
    func oneConnectionFromRollbackJournal() throws {
        let directory = TemporaryDirectory()
        let file = path(in: directory)
        try makeRollbackJournalFile(file)
        let storage = try SQLiteSimulationStorage.open(path: file, logger: .quiet, oneConnection: true)
        try storage.update { rows in rows.supabase.save(Fixture.user(email: "ada@example.com")) }
        try storage.close()
        let reader = try SQLiteSimulationStorage.open(path: file, logger: .quiet, readOnly: true)
        #expect(try reader.fetch { $0.supabase.userCount() } == 1)
        try reader.close()
        #expect(try headerSaysWAL(file))
    }
}

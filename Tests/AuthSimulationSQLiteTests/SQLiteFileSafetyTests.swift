import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What another local user, or a file planted in the state directory, must not get from the
/// database: its `-wal` and `-shm` files hold refresh tokens, addresses and mailed codes, so they
/// are 0600 from their creation (SQLite `os_unix.c` gives them the database file's mode); a
/// trigger, view or index the migrations did not make is refused before any row is written.
@Suite("SQLite storage: file modes and a planted schema")
struct SQLiteFileSafetyTests {
    private func path(in directory: TemporaryDirectory) -> String { directory.url.appendingPathComponent("auth.sqlite3").path }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    @Test("after a write, the database and its -wal and -shm files are 0600, whatever the umask")
    func modesAfterWrite() throws {
        let directory = TemporaryDirectory()
        let previous = umask(0o022)
        defer { umask(previous) }
        let storage = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet)
        try storage.update { rows in
            rows.mailbox.deliver(
                MailMessage(code: "123456", kind: "magiclink", sender: "supabase", sentAt: Fixture.at(1)), to: "ada@example.com",
                keepingAtMost: 50)
        }
        for suffix in ["", "-wal", "-shm"] {
            #expect(
                mode(path(in: directory) + suffix) == 0o600,
                "auth.sqlite3\(suffix): \(String(mode(path(in: directory) + suffix) ?? 0, radix: 8))")
        }
        try storage.close()
    }

    @Test("companion files an earlier version left world-readable are made 0600 when the database is opened")
    func leftoverModesFixed() throws {
        let directory = TemporaryDirectory()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet).close()
        for suffix in ["", "-wal", "-shm"] {
            if !suffix.isEmpty { _ = FileManager.default.createFile(atPath: path(in: directory) + suffix, contents: Data()) }
            #expect(chmod(path(in: directory) + suffix, 0o644) == 0)
        }
        let storage = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet)
        try storage.update { rows in
            rows.mailbox.deliver(
                MailMessage(code: "654321", kind: "magiclink", sender: "supabase", sentAt: Fixture.at(1)), to: "bob@example.com",
                keepingAtMost: 50)
        }
        for suffix in ["", "-wal", "-shm"] { #expect(mode(path(in: directory) + suffix) == 0o600, "auth.sqlite3\(suffix)") }
        try storage.close()
    }

    @Test(
        "a trigger, view, index or table planted in the user's own database is refused before any row is written",
        arguments: [
            "CREATE TRIGGER steal AFTER INSERT ON users BEGIN UPDATE users SET email = 'attacker@example.com' WHERE id = new.id; END",
            "CREATE VIEW loot_view AS SELECT * FROM users",
            "CREATE INDEX extra ON users (id)",
            "CREATE TABLE shadow (x)",
        ], [false, true])
    func plantedSchemaRefused(sql: String, oneConnection: Bool) throws {
        let directory = TemporaryDirectory()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet).close()
        let queue = try DatabaseQueue(path: path(in: directory))
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path(in: directory)))
        let error = #expect(throws: SimulationStoreError.self) {
            _ = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet, oneConnection: oneConnection)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path(in: directory))) == before, "not written to")
        #expect(error?.description.contains("migrations did not make") == true, "\(String(describing: error))")
        #expect(throws: SimulationStoreError.self) {
            _ = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet, readOnly: true)
        }
    }

    @Test("a database its migrations made, reopened, passes the whole-schema check")
    func ownSchemaPasses() throws {
        let directory = TemporaryDirectory()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet).close()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet).close()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet, oneConnection: true).close()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet, readOnly: true).close()
    }
}

import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

/// The fingerprint that lets a returning command skip the whole-schema check: it is the one the
/// migrations make, a file it matches opens without the check, and a file it does not match still
/// gets the full check and its detailed message.
@Suite("SQLite storage: schema fingerprint")
struct SQLiteSchemaFingerprintTests {
    private func path(in directory: TemporaryDirectory) -> String { directory.url.appendingPathComponent("auth.sqlite3").path }

    @Test("the constant is the fingerprint of the schema this version's migrations make (update it with a new migration)")
    func constantMatchesMigrations() throws {
        let made = try SQLiteSchemaFingerprint.ofMigrations()
        #expect(made == SQLiteSchemaFingerprint.complete, "the migrations make \(made): SQLiteSchemaFingerprint.complete must say so")
    }

    @Test("a file the migrations made has the complete fingerprint; one more index changes it")
    func fileFingerprint() throws {
        let directory = TemporaryDirectory()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet).close()
        let queue = try DatabaseQueue(path: path(in: directory))
        #expect(try queue.read(SQLiteSchemaFingerprint.of) == SQLiteSchemaFingerprint.complete)
        try queue.write { db in try db.execute(sql: "CREATE INDEX extra ON users (id)") }
        #expect(try queue.read(SQLiteSchemaFingerprint.of) != SQLiteSchemaFingerprint.complete)
        try queue.close()
    }

    @Test("a column's type changed in place is refused with the full check's message naming the table")
    func changedTableNamed() throws {
        let directory = TemporaryDirectory()
        try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet).close()
        let queue = try DatabaseQueue(path: path(in: directory))
        try queue.write { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, 'invited_at TEXT', 'invited_at BLOB') WHERE name = 'users'")
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
        for readOnly in [false, true] {
            let error = #expect(throws: SimulationStoreError.self) {
                _ = try SQLiteSimulationStorage.open(path: path(in: directory), logger: .quiet, readOnly: readOnly)
            }
            #expect(error?.description.contains("lacks or changed table users") == true, "\(String(describing: error))")
        }
    }
}

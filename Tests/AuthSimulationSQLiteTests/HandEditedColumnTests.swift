import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

/// A column edited by hand (with `sqlite3`, say) into a value of another type: the rows read it
/// through SQLite's own calls, and a value they cannot read fails the step that read it, naming
/// the column; it never stops the process (GRDB's `Row` ends it with a fatal error) and never
/// reads as something the emulator did not write.
@Suite("SQLite storage: a column edited by hand")
struct HandEditedColumnTests {
    @Test(
        "a value of another type fails the read with the column's name, and the row reads again once it is mended",
        arguments: [
            ("UPDATE users SET is_anonymous = 'yes' WHERE id = ?", "is_anonymous"),
            ("UPDATE users SET created_at = 42 WHERE id = ?", "created_at"),
            ("UPDATE users SET created_at = 'yesterday' WHERE id = ?", "users.created_at"),
            ("UPDATE users SET raw_user_meta_data = x'00ff' WHERE id = ?", "raw_user_meta_data"),
        ], [false, true])
    func otherType(edit: (sql: String, column: String), oneConnection: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let user = Fixture.user(email: "ada@example.com")
        do {
            let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet, oneConnection: oneConnection)
            try storage.update { $0.supabase.save(user) }
            try storage.close()
        }
        let queue = try DatabaseQueue(path: path)
        let stored = try queue.read { db in try Row.fetchOne(db, sql: "SELECT * FROM users WHERE id = ?", arguments: [user.id]) }
        try queue.write { db in try db.execute(sql: edit.sql, arguments: [user.id]) }

        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet, oneConnection: oneConnection)
        let error = #expect(throws: SimulationStorageError.self) { _ = try storage.fetch { $0.supabase.user(user.id) } }
        #expect(error?.description.contains(edit.column) == true, "\(String(describing: error))")
        // A write step that meets it fails alone and leaves the row as it was.
        #expect(throws: SimulationStorageError.self) {
            try storage.update { rows in
                guard var found = rows.supabase.user(user.id) else { return }
                found.email = "mallory@example.com"
                rows.supabase.save(found)
            }
        }
        try storage.close()

        try queue.write { db in
            for column in ["is_anonymous", "created_at", "raw_user_meta_data"] {
                try db.execute(sql: "UPDATE users SET \(column) = ? WHERE id = ?", arguments: [stored?[column], user.id])
            }
        }
        try queue.close()
        let mended = try SQLiteSimulationStorage.open(path: path, logger: .quiet, oneConnection: oneConnection)
        #expect(try mended.fetch { $0.supabase.user(user.id) } == user)
        try mended.close()
    }
}

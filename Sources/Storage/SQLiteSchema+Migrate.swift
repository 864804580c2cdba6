import GRDB

extension SQLiteSchema {
    /// Brings a database up to date when several processes open it at once (commands started
    /// together on a new state directory): GRDB reads which migrations ran before it runs the
    /// rest, so two processes can start the same one; the second fails and rolls back
    /// (`duplicate column name`, `table … already exists`). Then the schema is read again: when
    /// the other process has finished, its work counts; otherwise the migrations are tried again,
    /// at most `attempts` times.
    /// - Parameters:
    ///   - writer: The database.
    ///   - attempts: How many times to try.
    /// - Throws: GRDB's error of the last attempt.
    static func migrate(_ writer: any DatabaseWriter, attempts: Int = 5) throws {
        for attempt in 1...max(1, attempts) {
            do {
                try migrator.migrate(writer)
                return
            } catch {
                if try writer.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
                if attempt == attempts { throw error }
            }
        }
    }
}

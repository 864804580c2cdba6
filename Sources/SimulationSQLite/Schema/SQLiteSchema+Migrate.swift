import GRDB

extension SQLiteSchema {
    /// Brings a database up to date when several processes open it at once (commands started
    /// together on a new state directory): GRDB reads which migrations ran before it runs the
    /// rest, so two processes can start the same one; the second fails and rolls back
    /// (`duplicate column name`, `table … already exists`). Then the schema is read again: when
    /// the other process has finished, its work counts; otherwise the migrations are tried again.
    /// A try fails only when another process committed a migration meanwhile, so one more try
    /// than there are migrations always suffices (five did not, with eight migrations and eight
    /// processes opening a new file at once under Thread Sanitizer).
    /// - Parameters:
    ///   - writer: The database.
    ///   - attempts: How many times to try (default: one more than there are migrations).
    /// - Throws: GRDB's error of the last attempt.
    static func migrate(_ writer: any DatabaseWriter, attempts: Int? = nil) throws {
        let attempts = max(1, attempts ?? migrator.migrations.count + 1)
        for attempt in 1...attempts {
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

import AuthJWT
import GRDB

/// A short stand-in for the whole-schema check on every open: SHA-256 over the database's schema
/// objects (``SQLiteSchemaCheck/Object``: type, name, table and SQL text of every table, index,
/// trigger and view in `sqlite_master`, sorted), compared with ``complete``, the fingerprint of
/// the schema this version's migrations make. A file whose fingerprint is ``complete`` and whose
/// `grdb_migrations` lists exactly this version's migrations needs neither the full check (which
/// builds the expected schema by running every migration in memory) nor the migrator. Any other
/// file takes the full check, which names what differs.
///
/// A new migration changes the fingerprint: `SQLiteSchemaFingerprintTests` recomputes it from the
/// migrations and fails until ``complete`` is updated. A stale constant costs time, never safety:
/// files then take the full check.
package enum SQLiteSchemaFingerprint {
    /// The fingerprint of the schema every migration of ``SQLiteSchema`` makes, `grdb_migrations`
    /// included.
    package static let complete = "d7a9bb0944366837067b20eee6c9b388361edf97004a63e3bc3d92e27e3515aa"

    /// The fingerprint of a database's schema.
    /// - Parameter db: The database.
    /// - Returns: 64 lowercase hex characters.
    /// - Throws: GRDB's error when `sqlite_master` cannot be read.
    package static func of(_ db: Database) throws -> String {
        var text = ""
        for object in try SQLiteSchemaCheck.objects(db).sorted() {
            // Separators no identifier or SQL text of the migrations holds (unit and record separators).
            text += [object.type, object.name, object.table, object.sql ?? "\u{0}"].joined(separator: "\u{1F}") + "\u{1E}"
        }
        return SHA256Hex.hash(text)
    }

    /// The fingerprint of the schema the migrations make, built in an in-memory database.
    /// - Returns: 64 lowercase hex characters.
    /// - Throws: GRDB's error when a migration fails.
    package static func ofMigrations() throws -> String {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrator.migrate(queue)
        return try queue.read(of)
    }

    /// Whether a database's schema is the complete one, with exactly this version's migrations
    /// recorded as applied.
    /// - Parameter db: The database.
    /// - Returns: `true` when neither the full check nor the migrator is needed.
    /// - Throws: GRDB's error when the schema cannot be read.
    static func isComplete(_ db: Database) throws -> Bool {
        guard try of(db) == complete else { return false }
        let migrator = SQLiteSchema.migrator
        return try migrator.appliedIdentifiers(db) == Set(migrator.migrations)
    }
}

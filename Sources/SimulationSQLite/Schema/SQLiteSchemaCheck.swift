import Foundation
import GRDB

/// Compares a database's whole schema with the one this version's migrations make: every
/// table, index, trigger and view in `sqlite_master`, by type, name, table and SQL text. The
/// expected schema is made by running the same migrations, up to the ones the file has applied,
/// in an in-memory database.
enum SQLiteSchemaCheck {
    /// One schema object.
    struct Object: Hashable, Comparable {
        let type: String
        let name: String
        let table: String
        let sql: String?

        static func < (lhs: Object, rhs: Object) -> Bool { (lhs.type, lhs.name) < (rhs.type, rhs.name) }
    }

    /// What differs, in words, or `nil` when the schema is the expected one.
    /// - Parameter db: The database.
    /// - Returns: The first unexpected or missing objects, named.
    /// - Throws: GRDB's error when either schema cannot be read.
    static func difference(_ db: Database) throws -> String? {
        let applied = try SQLiteSchema.migrator.appliedIdentifiers(db)
        let actual = try objects(db)
        let expected = try expectedObjects(applied: applied)
        guard actual != expected else { return nil }
        let extra = actual.subtracting(expected).sorted().prefix(3).map { "\($0.type) \($0.name)" }
        let missing = expected.subtracting(actual).sorted().prefix(3).map { "\($0.type) \($0.name)" }
        var parts: [String] = []
        if !extra.isEmpty { parts.append("has \(extra.joined(separator: ", ")) its migrations did not make") }
        if !missing.isEmpty { parts.append("lacks or changed \(missing.joined(separator: ", "))") }
        return "its schema is not the one this tool's migrations made: it " + parts.joined(separator: "; ")
    }

    /// Every table, index, trigger and view of a database but SQLite's own.
    /// - Parameter db: The database.
    /// - Returns: Its schema objects.
    /// - Throws: GRDB's error when `sqlite_master` cannot be read.
    static func objects(_ db: Database) throws -> Set<Object> {
        let rows = try Row.fetchAll(
            db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        return Set(rows.map { Object(type: $0["type"], name: $0["name"], table: $0["tbl_name"], sql: $0["sql"]) })
    }

    private static func expectedObjects(applied: Set<String>) throws -> Set<Object> {
        let queue = try DatabaseQueue()
        let migrator = SQLiteSchema.migrator
        if let last = migrator.migrations.last(where: applied.contains) {
            try migrator.migrate(queue, upTo: last)
        } else {
            try queue.write { db in try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)") }
        }
        return try queue.read(objects)
    }
}

import AuthSimulation
import Foundation
import GRDB

/// The checks a database file passes before it is used, so that a damaged one is reported as
/// clearly as a damaged `state.json` is, and never overwritten: it must be a SQLite file, as long
/// as its header says, readable, and of a schema this version knows.
///
/// SQLite's own page checks run as rows are read: damage found later fails the request (500) and
/// is logged with the file's path; the file is still not touched.
enum SQLiteFileCheck {
    private static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Checks the header of an existing file (a missing one is fine: it will be created).
    /// - Parameter path: The database file.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)``.
    static func check(path: String) throws(SimulationStoreError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            guard FileManager.default.fileExists(atPath: path) else { return }
            throw .unavailable(path: path, reason: "it cannot be read")
        }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        let size = (try? handle.seekToEnd()).map(Int64.init) ?? 0
        if size == 0 { return }
        guard header.count == 100, Array(header[0..<16]) == magic else {
            throw .corrupt(path: path, reason: "not a SQLite database")
        }
        // The page count in the header is valid when its "valid-for" number equals the change
        // counter; while a WAL is outstanding the file may legitimately be shorter.
        func number(_ offset: Int, _ width: Int) -> Int64 { header[offset..<(offset + width)].reduce(0) { $0 << 8 | Int64($1) } }
        let pageSize = number(16, 2) == 1 ? 65_536 : number(16, 2)
        let pages = number(28, 4)
        let walSize = fileSize(path + "-wal")
        if number(92, 4) == number(24, 4), walSize == 0, pages * pageSize > size {
            throw .corrupt(path: path, reason: "truncated: its header says \(pages * pageSize) bytes, the file has \(size)")
        }
    }

    /// Checks an existing file before it is opened for writing (which would already change its
    /// header), through a read-only connection. Best effort: when that connection cannot read the
    /// file (a WAL left by a killed process needs recovery by a writer), the check after opening
    /// (``checkSchema(_:path:)``) decides. A file whose schema has the fingerprint of the complete
    /// one (``SQLiteSchemaFingerprint``) is not checked further; any other takes the full check.
    /// - Parameter path: The database file.
    /// - Returns: Whether the schema was checked and found complete (every migration applied): then
    ///   it need not be checked or migrated again once open.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)`` for a file found damaged or foreign.
    static func precheckSchema(path: String) throws(SimulationStoreError) -> Bool {
        guard fileSize(path) > 0 else { return false }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try isUpToDate(db, path: path) }
        } catch let error as SimulationStoreError {
            throw error
        } catch {
            let failure = failure(error, path: path)
            if case .corrupt = failure { throw failure }
            return false
        }
    }

    /// Whether an open database's schema is complete (every migration applied), checked as
    /// ``precheckSchema(path:)`` checks it: by fingerprint, else in full.
    /// - Parameters:
    ///   - db: The database, in a read.
    ///   - path: Its file, for messages.
    /// - Returns: Whether it need not be checked or migrated again.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)``, or GRDB's error when it cannot be read.
    static func isUpToDate(_ db: Database, path: String) throws -> Bool {
        if try SQLiteSchemaFingerprint.isComplete(db) { return true }
        try checkSchema(db, path: path)
        return try SQLiteSchema.migrator.hasCompletedMigrations(db)
    }

    /// Checks that the file is this tool's database, of a schema this version knows, and that its
    /// whole schema (tables, indexes, triggers, views) is the one its migrations made: a trigger
    /// or view planted in the file would otherwise run with every sign-in (``SQLiteSchemaCheck``).
    /// - Parameters:
    ///   - reader: The open database.
    ///   - path: Its file, for messages.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)``, or GRDB's error when it cannot be read.
    static func checkSchema(_ reader: any DatabaseReader, path: String) throws {
        try reader.read { db in try checkSchema(db, path: path) }
    }

    /// Checks the schema of an open database, in a read already begun (the same checks as above).
    /// - Parameters:
    ///   - db: The database, in a read.
    ///   - path: Its file, for messages.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)``, or GRDB's error when it cannot be read.
    static func checkSchema(_ db: Database, path: String) throws {
        if let problem = try schemaProblem(db) { throw SimulationStoreError.corrupt(path: path, reason: problem) }
    }

    private static func schemaProblem(_ db: Database) throws -> String? {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        if tables.isEmpty { return nil }
        guard tables.contains("grdb_migrations") else { return "not a database of this tool (it has no grdb_migrations table)" }
        if try SQLiteSchema.migrator.hasBeenSuperseded(db) {
            return "written by a newer version of this tool (its schema has migrations this version does not know)"
        }
        return try SQLiteSchemaCheck.difference(db)
    }

    /// A file's size in bytes, 0 when it is missing or cannot be looked at (one `lstat`, as `FileManager`'s
    /// attributes did, without looking up the owner's and group's names).
    static func fileSize(_ path: String) -> Int64 {
        var status = stat()
        return lstat(path, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// How a database error is reported: damage as `corrupt`, anything else as `unavailable`.
    static func failure(_ error: any Error, path: String) -> SimulationStoreError {
        if let error = error as? DatabaseError, [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            return .corrupt(path: path, reason: "SQLite reports it damaged (\(error.message ?? "\(error.resultCode)"))")
        }
        return .unavailable(path: path, reason: "\(error)")
    }
}

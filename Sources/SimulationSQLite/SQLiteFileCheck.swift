import AuthSimulation
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks a database file passes before it is used, so that a damaged one is reported as
/// clearly as a damaged `state.json` is, and never overwritten: it must be a SQLite file, as long
/// as its header says, readable, and of a schema this version knows.
///
/// SQLite's own page checks run as rows are read: damage found later fails the request (500) and
/// is logged with the file's path; the file is still not touched.
enum SQLiteFileCheck {
    private static let magic = Array("SQLite format 3\u{0}".utf8)

    /// Checks the header of an existing file (a missing one is fine: it will be created).
    ///
    /// Another process (or connection) may be creating the same file meanwhile, so the file is
    /// opened once and looked at only through that descriptor: a file missing when opened is
    /// missing (not "unreadable" because it appeared a moment later), and its size is read before
    /// its header, so that a file that grows between the two is not taken for a short one. It is
    /// opened without blocking, so that a FIFO put where the database should be is not waited on.
    /// - Parameter path: The database file.
    /// - Throws: ``SimulationStoreError/corrupt(path:reason:)``;
    ///   ``SimulationStoreError/unavailable(path:reason:)`` when it exists but cannot be read.
    static func check(path: String) throws(SimulationStoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return }
            throw .unavailable(path: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { _ = close(descriptor) }
        // The WAL's size first: a checkpoint running meanwhile writes the header's new page
        // count before the pages that make the file that long, and empties the WAL last.
        let walSize = fileSize(path + "-wal")
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unavailable(path: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
        let size = Int64(status.st_size)
        if size == 0 { return }
        var header = [UInt8](repeating: 0, count: 100)
        var read = 0
        while read < header.count {
            let count = header.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + read, buffer.count - read, off_t(read))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            read += count
        }
        guard read == header.count, Array(header[0..<16]) == magic else {
            throw .corrupt(path: path, reason: "not a SQLite database")
        }
        // The page count in the header is valid when its "valid-for" number equals the change
        // counter; while a WAL is outstanding the file may legitimately be shorter.
        func number(_ offset: Int, _ width: Int) -> Int64 { header[offset..<(offset + width)].reduce(0) { $0 << 8 | Int64($1) } }
        let pageSize = number(16, 2) == 1 ? 65_536 : number(16, 2)
        let pages = number(28, 4)
        // A file that changed while it was looked at is being written: SQLite judges it once open.
        if number(92, 4) == number(24, 4), walSize == 0, pages * pageSize > size, fstat(descriptor, &status) == 0,
            Int64(status.st_size) == size, fileSize(path + "-wal") == 0
        {
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

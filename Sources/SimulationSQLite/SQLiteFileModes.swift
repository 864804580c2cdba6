import AuthSimulation
import Foundation
import GRDB
import GRDBSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps every file of a database at mode 0600 from its creation: the database holds refresh
/// tokens, addresses and mailed codes, and so do its `-wal`, `-shm` and `-journal` files.
/// SQLite creates those with the database file's own mode (`os_unix.c` `findCreateFileMode`,
/// `unixOpenSharedMemory`), so the database file is made 0600 before SQLite first opens it, and
/// any companion left by an earlier version is brought to 0600 too.
enum SQLiteFileModes {
    /// The files SQLite writes beside a database.
    static let companions = ["-wal", "-shm", "-journal"]

    /// Creates the database file (empty, 0600) when missing, and makes it and its companions 0600.
    /// - Parameter path: The database file.
    /// - Throws: ``SimulationStoreError/unavailable(path:reason:)`` when it cannot be created.
    static func prepare(path: String) throws(SimulationStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            _ = close(descriptor)
        } else if errno != EEXIST {
            throw .unavailable(path: path, reason: String(cString: strerror(errno)))
        }
        for file in [path] + companions.map({ path + $0 }) { _ = chmod(file, 0o600) }
    }

    /// Turns the file to WAL mode, as `DatabasePool` does when it opens; nothing is written when
    /// it is in WAL mode already (what every command after the first finds).
    /// - Parameter db: A connection that may write.
    /// - Throws: GRDB's error, or when SQLite keeps another journal mode.
    static func walMode(_ db: Database) throws {
        guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
            throw DatabaseError(message: "could not turn WAL mode on")
        }
    }

    /// Keeps the `-wal` and `-shm` files when this connection is the last to close
    /// (`SQLITE_FCNTL_PERSIST_WAL`), so that a process that cannot create them (a read-only
    /// directory) can still read the database, which stays in WAL mode.
    /// - Parameter db: A connection of the database.
    /// - Throws: GRDB's error when SQLite refuses.
    static func persistWAL(_ db: Database) throws {
        var flag: CInt = 1
        let code = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &flag)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }
}

import AuthData
import AuthSimulation
import Foundation
import Logging

/// The services' database in a state directory, `auth.sqlite3`: opened as it is, created empty,
/// or, on the first start after a version that kept `state.json`, created from that file, which
/// is then kept as `state.json.imported`.
package enum StateDatabase {
    /// The database's file name.
    package static let fileName = "auth.sqlite3"

    /// The database file of a state directory.
    /// - Parameter directory: The state directory.
    /// - Returns: Its path.
    package static func url(in directory: SimulationStateDirectory) -> URL { directory.url.appendingPathComponent(fileName) }

    /// Opens the state directory's database, importing `state.json` first when there is no
    /// database yet. A damaged `state.json` or database is reported and left as it is.
    /// - Parameters:
    ///   - directory: The state directory (created with mode 0700 if missing).
    ///   - defaultFirebaseProject: The project that takes a `state.json` from before Firebase
    ///     state was kept per project.
    ///   - logger: Where the import and storage failures are logged.
    ///   - oneConnection: Whether reads share the writer's connection (a process that runs one
    ///     request at a time; see ``SQLiteSimulationStorage/open(path:logger:readOnly:oneConnection:)``).
    /// - Returns: The storage.
    /// - Throws: ``SimulationStoreError``.
    package static func open(
        _ directory: SimulationStateDirectory, defaultFirebaseProject: String, logger: Logger, oneConnection: Bool = false
    ) throws(SimulationStoreError) -> SQLiteSimulationStorage {
        let database = url(in: directory)
        let manager = FileManager.default
        do { try AtomicFile.ensureDirectory(directory.url) } catch { throw .unavailable(path: directory.url.path, reason: "\(error)") }
        try StateDirectorySafety.checkDirectory(directory.url)
        try StateDirectorySafety.checkFile(database)
        if !manager.fileExists(atPath: database.path), manager.fileExists(atPath: directory.stateURL.path) {
            try importStateFile(directory, into: database, defaultFirebaseProject: defaultFirebaseProject, logger: logger)
        } else if manager.fileExists(atPath: directory.stateURL.path) {
            logger.warning("state.json is ignored: \(fileName) holds the state (state.json was imported before, or copied back)")
        }
        return try SQLiteSimulationStorage.open(path: database.path, logger: logger, oneConnection: oneConnection)
    }

    /// Opens (or creates) a database file outside any state directory, which several `login serve`
    /// processes may use at once, as GoTrue servers configured with one `DATABASE_URL` share one
    /// database: each request is one `BEGIN IMMEDIATE` transaction, so they see each other's
    /// users at once. The folder must exist and be private (as a state directory), the file be
    /// the user's and writable by no one else.
    /// - Parameters:
    ///   - file: The database file.
    ///   - logger: Where storage failures are logged.
    /// - Returns: The storage.
    /// - Throws: ``SimulationStoreError``.
    package static func open(sharedFile file: URL, logger: Logger) throws(SimulationStoreError) -> SQLiteSimulationStorage {
        let folder = file.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unavailable(path: file.path, reason: "its folder does not exist")
        }
        try StateDirectorySafety.checkDirectory(folder)
        try StateDirectorySafety.checkFile(file)
        return try SQLiteSimulationStorage.open(path: file.path, logger: logger)
    }

    /// Opens an existing database only to read it (a state directory this process cannot write).
    /// - Parameters:
    ///   - directory: The state directory.
    ///   - logger: Where storage failures are logged.
    /// - Returns: The storage, or `nil` when there is no database yet.
    /// - Throws: ``SimulationStoreError``.
    package static func openReadOnly(_ directory: SimulationStateDirectory, logger: Logger) throws(SimulationStoreError)
        -> SQLiteSimulationStorage?
    {
        let database = url(in: directory)
        try StateDirectorySafety.checkDirectory(directory.url)
        try StateDirectorySafety.checkFile(database)
        guard FileManager.default.fileExists(atPath: database.path) else { return nil }
        return try SQLiteSimulationStorage.open(path: database.path, logger: logger, readOnly: true)
    }

    /// Builds the database from `state.json` beside it under another name, then moves it into
    /// place and renames `state.json`: a start killed half-way imports again next time.
    private static func importStateFile(
        _ directory: SimulationStateDirectory, into database: URL, defaultFirebaseProject: String, logger: Logger
    ) throws(SimulationStoreError) {
        let state = try directory.loadState()
        let staging = database.path + ".importing"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: staging + suffix) }
        let storage = try SQLiteSimulationStorage.open(path: staging, logger: logger)
        do {
            try storage.update { (rows: any SimulationRows) in state.importRows(into: rows, defaultFirebaseProject: defaultFirebaseProject)
            }
        } catch {
            throw .unavailable(path: staging, reason: "the import of state.json failed: \(error)")
        }
        try storage.close()
        // Closed, the WAL is checkpointed and empty: the database file alone holds the import.
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: staging + suffix) }
        do {
            try FileManager.default.moveItem(atPath: staging, toPath: database.path)
            let imported = directory.stateURL.appendingPathExtension("imported")
            try? FileManager.default.removeItem(at: imported)
            try FileManager.default.moveItem(at: directory.stateURL, to: imported)
        } catch {
            throw .unavailable(path: database.path, reason: "the imported database could not be put in place: \(error)")
        }
        logger.notice(
            "imported state.json into \(fileName) (\(state.supabase.users.count) Supabase users); it is kept as state.json.imported")
    }
}

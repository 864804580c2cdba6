import AuthData
import AuthSimulation
import AuthSimulationSQLite
import Foundation
import Logging

/// The simulated services of one `login` command, on the state directory's database
/// (`auth.sqlite3`): the command reads and writes only the rows it touches, each backend call
/// committed as it happens. Nothing is loaded or saved as a whole.
struct EmbeddedServices: Sendable {
    let services: SimulatedServices
    private let storage: SQLiteSimulationStorage?

    /// Opens the directory's keys and database (importing a `state.json` of an earlier version).
    /// - Parameters:
    ///   - directory: The state directory.
    ///   - configuration: Client ids and project names.
    ///   - writing: Whether the command may change the services (then the directory must be
    ///     writable; a command that only reads works in a read-only one).
    ///   - logger: Where storage failures are logged.
    ///   - concurrent: Whether requests may reach the services at once (served to a browser, or
    ///     watched while other commands change them): then reads get connections of their own;
    ///     otherwise they share the writer's.
    /// - Throws: ``SimulationStoreError`` for a damaged file or a read-only directory a command
    ///   must write to, or a key that cannot be read.
    static func open(
        directory: SimulationStateDirectory, configuration: SimulationConfiguration, writing: Bool, logger: Logger, concurrent: Bool
    ) async throws -> EmbeddedServices {
        if writing, access(directory.url.path, W_OK) != 0 {
            throw SimulationStoreError.unavailable(
                path: directory.url.path, reason: "it is read-only, and this command changes what the services remember")
        }
        let keys = try directory.loadOrCreateKeys()
        let (database, storage) = try storage(directory, configuration: configuration, logger: logger, concurrent: concurrent)
        do {
            let services = try await SimulatedServices(configuration: configuration, keys: keys, storage: storage, clock: .live)
            return EmbeddedServices(services: services, storage: database)
        } catch {
            try? database?.close()
            throw error
        }
    }

    /// The database; read-only in a directory this process cannot write, where a `state.json`
    /// not imported yet is read into memory instead.
    private static func storage(
        _ directory: SimulationStateDirectory, configuration: SimulationConfiguration, logger: Logger, concurrent: Bool
    ) throws(SimulationStoreError) -> (SQLiteSimulationStorage?, any SimulationStorage) {
        let project = configuration.firebaseProjectID
        guard access(directory.url.path, W_OK) != 0 else {
            let database = try StateDatabase.open(directory, defaultFirebaseProject: project, logger: logger, oneConnection: !concurrent)
            return (database, database)
        }
        if let database = try StateDatabase.openReadOnly(directory, logger: logger) { return (database, database) }
        let state = try directory.loadState()
        let memory = InMemorySimulationStorage()
        try? memory.update { (rows: any SimulationRows) in state.importRows(into: rows, defaultFirebaseProject: project) }
        return (nil, memory)
    }

    /// Closes the database.
    func close() { try? storage?.close() }
}

import AuthData
import AuthSimulation
import AuthSimulationSQLite
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// A built emulator: the routes and the HTTP server around them.
public struct EmulatorApp: Service {
    /// The emulator (routes, services, keys).
    public let emulator: Emulator
    fileprivate let application: Application<EmulatorHTTPResponder>
    private let storage: SQLiteSimulationStorage?

    init(emulator: Emulator, application: Application<EmulatorHTTPResponder>, storage: SQLiteSimulationStorage?) {
        self.emulator = emulator
        self.application = application
        self.storage = storage
    }

    /// Serves until its graceful shutdown (`ServiceGroup.triggerGracefulShutdown()` of the group
    /// it runs in): the server stops accepting, answers the connections it has accepted, and
    /// returns once they are closed. Every request's changes are committed to the state
    /// directory's database before its answer; at the end the database is checkpointed and closed.
    ///
    /// Do not stop it by cancelling its task: swift-nio keeps accepted connections in the
    /// listening channel's stream until the server loop takes them, and cancelling drops those,
    /// which traps ("Deinited NIOAsyncWriter without calling finish()", apple/swift-nio#2637).
    /// - Throws: When the port cannot be bound.
    public func run() async throws {
        try await serve { try await application.run() }
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully.
    /// - Throws: When the port cannot be bound.
    public func runUntilSignalled() async throws {
        try await serve { try await application.runService() }
    }

    private func serve(_ body: () async throws -> Void) async throws {
        defer { try? storage?.close() }
        try await body()
    }
}

/// Builds the emulator: reads (or creates) the keys in the state directory, opens its database
/// (`auth.sqlite3`, importing a `state.json` of an earlier version; in memory with `--ephemeral`),
/// wires the simulated services, and the Hummingbird application that serves it on one port.
/// (`login serve` takes the directory for itself first: `ServeLocks`.) The issuer and emailed
/// links carry the bound port (with port 0, the one the bind picked; `API_EXTERNAL_URL` still
/// fixes the issuer): the engines read the base URL per request, and it is set once the server
/// has bound, before it answers any request.
/// - Parameters:
///   - configuration: Host, port, state directory, accepted client ids and keys.
///   - logger: The server's logger.
///   - onServerRunning: Called with the emulator and the bound port once the server listens.
/// - Returns: The application, not yet running.
/// - Throws: ``SimulationStoreError`` for a damaged state directory or database.
public func buildEmulator(
    configuration: EmulatorConfiguration, logger: Logger = Logger(label: "emulator"),
    onServerRunning: @escaping @Sendable (Emulator, Int) async -> Void = { _, _ in }
) async throws -> EmulatorApp {
    let directory = configuration.stateDirectory.map(SimulationStateDirectory.init(url:))
    let keys = try directory?.loadOrCreateKeys() ?? SimulationKeys.generate()
    var setup = SimulationConfiguration(
        clientIDs: configuration.clientIDs,
        supabaseIssuer: configuration.supabase.externalURL ?? configuration.baseURL + "/auth/v1",
        firebaseProjectID: configuration.firebaseProjects.first ?? "demo-authcoordinator",
        firebaseActionURL: configuration.baseURL + "/emulator/action")
    setup.otherFirebaseProjectIDs = Array(configuration.firebaseProjects.dropFirst())
    setup.firebaseRateLimits = configuration.firebaseRateLimits
    setup.firebasePasskeyConfig = configuration.firebasePasskeyConfig
    setup.supabase = configuration.supabase
    setup.supabaseJWTSecret = configuration.supabaseJWTSecret
    setup.supabaseJWTKeys = configuration.supabaseJWTKeys
    let base = LateBoundURL(configuration.baseURL)
    setup.emulatorBase = base
    let database: SQLiteSimulationStorage?
    if let shared = configuration.sharedDatabase {
        database = try StateDatabase.open(sharedFile: shared, logger: logger)
    } else {
        database = try directory.flatMap { (directory: SimulationStateDirectory) throws(SimulationStoreError) -> SQLiteSimulationStorage? in
            configuration.ephemeral
                ? nil : try StateDatabase.open(directory, defaultFirebaseProject: setup.firebaseProjectID, logger: logger)
        }
    }
    let services = try await SimulatedServices(
        configuration: setup, keys: keys, storage: database ?? InMemorySimulationStorage(), clock: .live)
    if let seed = configuration.seed {
        let loaded = try await seed.loadIfEmpty(into: services)
        logger.notice(loaded ? "seed loaded" : "seed not loaded: the state directory holds users (a reset loads it)")
    }
    let app = try buildEmulator(
        configuration: configuration, services: services, developerKeyPath: directory?.developerKeyURL(for: keys).path,
        logger: logger
    ) { emulator, port in
        base.bind(configuration.baseURL(port: port))
        await onServerRunning(emulator, port)
    }
    return EmulatorApp(emulator: app.emulator, application: app.application, storage: database)
}

/// Builds the emulator around existing simulated services (tests run it on a test clock and test keys).
/// - Parameters:
///   - configuration: Host, port, state directory, accepted keys.
///   - services: The simulated services to serve.
///   - developerKeyPath: Where the team's `.p8` key is, if anywhere.
///   - logger: The server's logger.
///   - onServerRunning: Called with the emulator and the bound port once the server listens.
/// - Returns: The application, not yet running.
/// - Throws: When the Supabase keys cannot be signed.
package func buildEmulator(
    configuration: EmulatorConfiguration, services: SimulatedServices, developerKeyPath: String?, logger: Logger,
    onServerRunning: @escaping @Sendable (Emulator, Int) async -> Void
) throws -> EmulatorApp {
    let emulator = try Emulator(configuration: configuration, services: services, developerKeyPath: developerKeyPath)
    let limits = configuration.connectionLimits
    let application = Application(
        responder: EmulatorHTTPResponder(emulator: emulator),
        server: .http1(
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [ConnectionDeadlineHandler(limits: limits, logger: logger)])),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: nil,
            availableConnectionsDelegate: EmulatorConnectionCap(maxConnections: limits.maxConnections, logger: logger)),
        onServerRunning: { channel in await onServerRunning(emulator, channel.localAddress?.port ?? configuration.port) },
        logger: logger)
    return EmulatorApp(emulator: emulator, application: application, storage: nil)
}

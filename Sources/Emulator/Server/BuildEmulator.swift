import AuthData
import AuthSimulation
import Foundation
import Hummingbird
import HummingbirdCore
import Logging

/// A built emulator: the routes and the HTTP server around them.
public struct EmulatorApp: Sendable {
    /// The emulator (routes, services, keys).
    public let emulator: Emulator
    private let application: Application<EmulatorHTTPResponder>
    private let persistence: EmulatorPersistence?

    init(emulator: Emulator, application: Application<EmulatorHTTPResponder>, persistence: EmulatorPersistence?) {
        self.emulator = emulator
        self.application = application
        self.persistence = persistence
    }

    /// Serves until the task is cancelled, writing changed state to the state directory every
    /// ``EmulatorConfiguration/saveInterval`` seconds and once more when it stops.
    /// - Throws: When the port cannot be bound.
    public func run() async throws {
        try await serve { try await application.run() }
    }

    /// Serves until SIGINT or SIGTERM, then shuts down cleanly and saves the state.
    /// - Throws: When the port cannot be bound.
    public func runUntilSignalled() async throws {
        try await serve { try await application.runService() }
    }

    private func serve(_ body: () async throws -> Void) async throws {
        let saver = Task { await persistence?.saveContinuously() }
        defer { saver.cancel() }
        do {
            try await body()
        } catch {
            try await persistence?.saveNow()
            throw error
        }
        try await persistence?.saveNow()
    }

    /// Writes the state now (no-op without a state directory or with `--ephemeral`).
    /// - Throws: ``SimulationStoreError``.
    public func saveNow() async throws { try await persistence?.saveNow() }
}

/// Builds the emulator: reads (or creates) the keys and state in the state directory, wires the
/// simulated services, and the Hummingbird application that serves it on one port.
/// - Parameters:
///   - configuration: Host, port, state directory, accepted client ids and keys.
///   - logger: The server's logger.
///   - onServerRunning: Called with the emulator and the bound port once the server listens.
/// - Returns: The application, not yet running.
/// - Throws: ``SimulationStoreError`` for a damaged state directory.
public func buildEmulator(
    configuration: EmulatorConfiguration, logger: Logger = Logger(label: "emulator"),
    onServerRunning: @escaping @Sendable (Emulator, Int) async -> Void = { _, _ in }
) async throws -> EmulatorApp {
    let directory = configuration.stateDirectory.map(SimulationStateDirectory.init(url:))
    let keys = try directory?.loadOrCreateKeys() ?? SimulationKeys.generate()
    let state = configuration.ephemeral ? SimulationState() : try directory?.loadState() ?? SimulationState()
    var setup = SimulationConfiguration(
        clientIDs: configuration.clientIDs,
        supabaseIssuer: configuration.baseURL + "/auth/v1", firebaseProjectID: configuration.firebaseProjects.first ?? "demo-authcoordinator",
        firebaseActionURL: configuration.baseURL + "/emulator/action")
    setup.otherFirebaseProjectIDs = Array(configuration.firebaseProjects.dropFirst())
    setup.firebaseRateLimits = configuration.firebaseRateLimits
    setup.supabase = configuration.supabase
    let services = try await SimulatedServices(configuration: setup, keys: keys, state: state, clock: .live)
    return try buildEmulator(configuration: configuration, services: services, developerKeyPath: directory?.developerKeyURL(for: keys).path,
                             logger: logger, onServerRunning: onServerRunning)
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
    let directory = configuration.stateDirectory.map(SimulationStateDirectory.init(url:))
    let emulator = try Emulator(configuration: configuration, services: services, developerKeyPath: developerKeyPath)
    let persistence = configuration.ephemeral ? nil : directory.map {
        EmulatorPersistence(directory: $0, emulator: emulator, interval: configuration.saveInterval, logger: logger)
    }
    let limits = configuration.connectionLimits
    let application = Application(
        responder: EmulatorHTTPResponder(emulator: emulator),
        server: .http1(configuration: HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionDeadlineHandler(limits: limits, logger: logger)])),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: nil,
            availableConnectionsDelegate: EmulatorConnectionCap(maxConnections: limits.maxConnections, logger: logger)),
        onServerRunning: { channel in await onServerRunning(emulator, channel.localAddress?.port ?? configuration.port) },
        logger: logger)
    return EmulatorApp(emulator: emulator, application: application, persistence: persistence)
}

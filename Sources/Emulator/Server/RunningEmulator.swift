import AuthData
import AuthSimulation
import Foundation
import Logging
import ServiceLifecycle

/// An emulator serving simulated services on a free loopback port, stopped when released: for
/// tests, and for `login --browser` on the embedded services (a browser must reach the pages).
public final class RunningEmulator: Sendable {
    /// The emulator.
    public let emulator: Emulator
    /// The bound port.
    public let port: Int
    private let task: Task<Void, any Error>

    /// The base URL (`http://127.0.0.1:<port>`).
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts an emulator for simulated services and waits until it listens.
    /// - Parameters:
    ///   - services: The services to serve.
    ///   - stateDirectory: Where to keep state (`nil`: nothing is written).
    ///   - logger: The server's logger (`nil`: only critical messages, dropped).
    ///   - connectionLimits: Its timeouts and connection cap.
    /// - Returns: The running emulator.
    /// - Throws: When it cannot start.
    public static func start(
        services: SimulatedServices, stateDirectory: URL? = nil, logger: Logger? = nil,
        connectionLimits: EmulatorConnectionLimits = EmulatorConnectionLimits()
    ) async throws -> RunningEmulator {
        var configuration = EmulatorConfiguration(
            host: "127.0.0.1", port: 0, stateDirectory: stateDirectory, ephemeral: stateDirectory == nil)
        configuration.connectionLimits = connectionLimits
        configuration.clientIDs = services.configuration.clientIDs
        configuration.firebaseProjects = [services.configuration.firebaseProjectID]
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var quiet = Logger(label: "test-emulator")
        quiet.logLevel = .critical
        let app = try buildEmulator(configuration: configuration, services: services, developerKeyPath: nil, logger: logger ?? quiet) {
            _, port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: quiet))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the emulator did not start"])
        }
        return RunningEmulator(emulator: app.emulator, port: port, group: group, task: task)
    }

    private let group: ServiceGroup

    private init(emulator: Emulator, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.emulator = emulator
        self.port = port
        self.group = group
        self.task = task
    }

    /// A released emulator shuts down gracefully in the background.
    deinit {
        Task { [group] in await group.triggerGracefulShutdown() }
    }

    /// Stops the server gracefully and waits until it has stopped: it stops accepting, answers
    /// the connections it has accepted, and closes them (an idle one at once). A connection that
    /// holds it past `deadline` is cut by cancelling the server, which by then has taken every
    /// accepted connection from the listening channel (so nothing is dropped unhandled).
    /// - Parameter deadline: The longest graceful wait (30 s).
    public func stop(deadline: Duration = .seconds(30)) async {
        await group.triggerGracefulShutdown()
        let task = self.task
        let watchdog = Task {
            try await Task.sleep(for: deadline)
            task.cancel()
        }
        _ = await task.result
        watchdog.cancel()
    }
}

import AuthData
import AuthSimulation
import Foundation
import Logging

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
    public static func start(services: SimulatedServices, stateDirectory: URL? = nil, logger: Logger? = nil,
                             connectionLimits: EmulatorConnectionLimits = EmulatorConnectionLimits()) async throws -> RunningEmulator {
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 0, stateDirectory: stateDirectory, ephemeral: stateDirectory == nil)
        configuration.connectionLimits = connectionLimits
        configuration.clientIDs = services.configuration.clientIDs
        configuration.firebaseProjects = [services.configuration.firebaseProjectID]
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var quiet = Logger(label: "test-emulator")
        quiet.logLevel = .critical
        let app = try buildEmulator(configuration: configuration, services: services, developerKeyPath: nil, logger: logger ?? quiet) { _, port in
            continuation.yield(port)
            continuation.finish()
        }
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the emulator did not start"])
        }
        return RunningEmulator(emulator: app.emulator, port: port, task: task)
    }

    private init(emulator: Emulator, port: Int, task: Task<Void, any Error>) {
        self.emulator = emulator
        self.port = port
        self.task = task
    }

    deinit { task.cancel() }

    /// Stops the server and waits until it has stopped.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}

import AuthData
import AuthSimulation

/// A fresh simulated world on a test clock, with the shared test keys.
public struct TestWorld: Sendable {
    /// The world.
    public let services: SimulatedServices
    /// Its clock.
    public let clock: TestClock

    /// Builds a world with no users.
    /// - Parameter configuration: Client ids and project names.
    /// - Returns: The world.
    public static func make(configuration: SimulationConfiguration = SimulationConfiguration()) async throws -> TestWorld {
        let clock = TestClock()
        let services = try await SimulatedServices(configuration: configuration, keys: TestKeys.shared, clock: clock.clock)
        return TestWorld(services: services, clock: clock)
    }

    /// The app's Apple client id.
    public var appleClientID: String { services.configuration.clientID(for: .apple) }
    /// The app's Google client id.
    public var googleClientID: String { services.configuration.clientID(for: .google) }
}

import AuthSimulation

/// Keys generated once per test process and shared by every test (immutable), so that tests
/// do not each spend a second generating RSA keys.
public enum TestKeys {
    /// The shared simulation keys.
    public static let shared: SimulationKeys = {
        do { return try SimulationKeys.generate() } catch { fatalError("test keys: \(error)") }
    }()
}

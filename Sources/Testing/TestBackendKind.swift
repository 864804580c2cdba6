import AuthData
import AuthDomain
import AuthSimulation

/// Which simulated service a ``TestApp`` signs in against: the Supabase-like engine (GoTrue's
/// rules) or the Firebase-like one (Identity Toolkit's), both in process.
public enum TestBackendKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Supabase Auth.
    case supabase
    /// Firebase Auth.
    case firebase

    /// `supabase` or `firebase`.
    public var description: String { rawValue }

    /// The service's refresh margins and backoff, as an app configures them.
    public var refreshPolicy: RefreshPolicy {
        switch self {
        case .supabase: .supabase
        case .firebase: .firebase
        }
    }

    /// The in-process backend over the world's engine.
    /// - Parameter services: The world.
    /// - Returns: The backend an app's coordinator talks to.
    func backend(in services: SimulatedServices) -> any AuthBackend {
        switch self {
        case .supabase: SupabaseAuthBackend(engine: services.supabase)
        case .firebase: FirebaseAuthBackend(engine: services.firebase)
        }
    }
}

import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Logging
import Testing

/// Which simulated service a session test runs against.
enum EngineFlavor: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case supabase
    case firebase

    var testDescription: String { rawValue }

    /// The client SDK's refresh rules.
    var policy: RefreshPolicy {
        switch self {
        case .supabase: .supabase
        case .firebase: .firebase
        }
    }

    /// Whether a refresh issues a new refresh token (and the engine counts rotations).
    var rotatesRefreshTokens: Bool {
        switch self {
        case .supabase: true
        case .firebase: false
        }
    }

    /// The error a device whose session was revoked elsewhere gets on its next refresh.
    var revokedSessionError: AuthError {
        switch self {
        case .supabase: .sessionExpired("refresh_token_not_found")
        case .firebase: .sessionExpired("TOKEN_EXPIRED")
        }
    }

    /// Whether a local sign-out ends this device's session on the server too (Firebase has no
    /// server-side session to end).
    var endsSessionOnLocalSignOut: Bool {
        switch self {
        case .supabase: true
        case .firebase: false
        }
    }
}

/// A simulated world on a test clock, one in-process backend behind a ``CountingBackend``, and
/// the means to build session managers (one per simulated process) on it.
struct SessionHarness {
    let flavor: EngineFlavor
    let world: TestWorld
    let backend: CountingBackend
    let log = LogCapture()

    static func make(_ flavor: EngineFlavor = .supabase) async throws -> SessionHarness {
        let world = try await TestWorld.make()
        let inner: any AuthBackend =
            switch flavor {
            case .supabase: SupabaseAuthBackend(engine: world.services.supabase)
            case .firebase: FirebaseAuthBackend(engine: world.services.firebase)
            }
        return SessionHarness(flavor: flavor, world: world, backend: CountingBackend(wrapping: inner))
    }

    var clock: TestClock { world.clock }

    var policy: RefreshPolicy { flavor.policy }

    /// A new guest account, signed in on the backend (not through any manager).
    func signInGuest() async throws -> StoredSession {
        let signIn = try await backend.signInAnonymously()
        return StoredSession(session: signIn.session, user: signIn.user, provider: .anonymous)
    }

    /// The same Apple ID signed in once more, as on another device.
    func signInWithApple() async throws -> StoredSession {
        let signIn = try await backend.signIn(with: try await world.appleCredential())
        return StoredSession(session: signIn.session, user: signIn.user, provider: .apple)
    }

    /// A session manager (one "process") with its own event hub.
    func makeManager(store: any SessionStore, policy: RefreshPolicy? = nil) -> ManagedSession {
        let hub = AuthEventHub(now: clock.clock.now)
        let manager = SessionManager(
            backend: backend, store: store, clock: clock.clock, policy: policy ?? self.policy, logger: log.logger, hub: hub)
        return ManagedSession(manager: manager, hub: hub, events: hub.subscribe())
    }

    /// A file store on `url` with this harness's log.
    func fileStore(_ url: URL) -> FileSessionStore { FileSessionStore(fileURL: url, logger: log.logger) }

    /// The refresh tokens the Supabase engine has issued in the user's sessions (the rotation
    /// chain: one per sign-in plus one per rotation).
    func issuedRefreshTokens(userID: String) async -> Int {
        world.services.storedSupabaseRefreshTokens(of: userID).count
    }

    /// The Supabase engine's active refresh token of the user's only session.
    func activeRefreshToken(userID: String) async -> String? {
        world.services.storedSupabaseSessions(of: userID).first?.activeRefreshToken
    }
}

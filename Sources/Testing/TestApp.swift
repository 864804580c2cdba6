import AuthAppleServer
import AuthData
import AuthDomain
import AuthPresentation
import AuthSimulation
import Foundation
import Logging

/// An app's sign-in stack on a whole simulated world, built in one call: the package's own
/// `AuthenticationCoordinator`, `SessionManager` and `LoginViewModel`, unchanged, over either
/// backend's in-process engine (behind a ``CountingBackend`` that injects faults), the scripted
/// Apple and Google sheets, the mailbox, and a clock the test advances.
///
/// ```swift
/// let app = try await TestApp.make(backend: .supabase)
/// app.apple.approve(as: "ada@example.com", name: PersonName(givenName: "Ada", familyName: "Lovelace"))
/// let login = await app.loginViewModel()
/// await login.signIn(with: .social(.apple))
/// app.clock.advance(by: 3600)                       // the access token expires
/// app.backend.inject(.offline, on: .refresh)        // and the network is gone
/// ```
public struct TestApp: Sendable {
    /// The simulated services and their clock.
    public let world: TestWorld
    /// Which service the app talks to.
    public let kind: TestBackendKind
    /// The backend the app talks to: the engine in process, with injectable faults.
    public let backend: CountingBackend
    /// Where the session is kept.
    public let store: any SessionStore
    /// The app's session manager.
    public let sessions: SessionManager
    /// The app's coordinator, with Apple, Google, anonymous and email-code strategies registered.
    public let coordinator: AuthenticationCoordinator
    /// The first-sign-in profile cache.
    public let profiles: InMemoryProfileCache
    /// The Sign in with Apple sheet.
    public let apple: ScriptedAppleSheet
    /// The Google Sign-In chooser.
    public let google: ScriptedGoogleSheet

    /// The clock the test advances (tokens, codes and backoff all run on it).
    public var clock: TestClock { world.clock }

    /// Builds a fresh world and an app on it.
    /// - Parameters:
    ///   - kind: Which backend.
    ///   - store: Where the session is kept (default: in memory).
    ///   - world: An existing world, to run a second app (a second process) on the same services.
    /// - Returns: The app, not yet started.
    /// - Throws: When the world cannot be built.
    public static func make(
        backend kind: TestBackendKind, store: (any SessionStore)? = nil, world: TestWorld? = nil
    ) async throws -> TestApp {
        let world = if let world { world } else { try await TestWorld.make() }
        return await TestApp(world: world, kind: kind, store: store ?? InMemorySessionStore())
    }

    private init(world: TestWorld, kind: TestBackendKind, store: any SessionStore) async {
        let logger = Logger(label: "AuthTesting") { _ in SwiftLogNoOpLogHandler() }
        let services = world.services
        let backend = CountingBackend(wrapping: kind.backend(in: services), clock: world.clock.clock)
        let sessions = SessionManager(backend: backend, store: store, clock: world.clock.clock, policy: kind.refreshPolicy, logger: logger)
        let profiles = InMemoryProfileCache()
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: profiles, logger: logger)
        let apple = ScriptedAppleSheet(apple: services.apple, clientID: world.appleClientID)
        let google = ScriptedGoogleSheet(google: services.google, clientID: world.googleClientID)
        let keys = services.keys
        let revoker = (try? keys.developerKey()).map { key in
            AppleRESTTokenRevoker(
                secret: AppleClientSecret(teamID: keys.teamID, keyID: keys.developerKeyID, clientID: world.appleClientID, privateKey: key),
                baseURL: URL(string: "https://appleid.apple.com")!, transport: SimulatedAppleTransport.make(apple: services.apple),
                clock: world.clock.clock)
        }
        await coordinator.register(
            AppleAuthStrategy(
                authorizer: apple, backend: backend, nonces: NonceGenerator(source: .live), profileCache: profiles,
                tokenRevoker: revoker, logger: logger))
        await coordinator.register(GoogleAuthStrategy(authorizer: google, backend: backend, nonces: NonceGenerator(source: .live)))
        await coordinator.register(AnonymousAuthStrategy(backend: backend))
        await coordinator.register(EmailCodeAuthStrategy(backend: backend))
        self.world = world
        self.kind = kind
        self.backend = backend
        self.store = store
        self.sessions = sessions
        self.coordinator = coordinator
        self.profiles = profiles
        self.apple = apple
        self.google = google
    }

    /// The app's login screen model, routed as an app routes: onboarding while the profile lacks
    /// a name, main otherwise.
    /// - Parameter requiresTerms: Whether new accounts must accept the terms first.
    /// - Returns: The view model.
    @MainActor
    public func loginViewModel(requiresTerms: Bool = false) -> LoginViewModel {
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: profiles), membership: nil)
        return LoginViewModel(login: LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: requiresTerms))
    }

    /// The codes and links the backend mailed to an address, oldest first.
    /// - Parameter address: The recipient.
    /// - Returns: The messages.
    public func mail(to address: String) async -> [MailMessage] {
        await world.services.mailbox.messages(for: address)
    }
}

import AuthData
import AuthDomain
import AuthPresentation
import AuthSimulation
import Foundation
import Logging

/// The composition root: the one place where concrete types are wired together. It opens the
/// state directory, builds the embedded world (or, with remote options, the REST adapters),
/// the session manager, the coordinator and the use cases, runs a command, and saves the world.
struct LoginEnvironment: Sendable {
    let options: GlobalOptions
    let reporter: Reporter
    let logger: Logger
    let backend: any AuthBackend
    let sessions: SessionManager
    let coordinator: AuthenticationCoordinator
    let profileCache: FileProfileCache
    let login: LoginUseCase
    let world: SimulatedServices

    /// The backend's name, as printed.
    var backendName: String { options.backend.rawValue }

    /// Opens the state directory (holding its lock for the whole command, so two `login`
    /// processes never interleave their changes to the simulated world), runs `body`, and
    /// saves the world even when `body` fails. Failures are reported and become the
    /// documented exit status.
    static func run(_ options: GlobalOptions, _ body: @escaping @Sendable (LoginEnvironment) async throws -> Void) async throws {
        let reporter = Reporter(json: options.json)
        let logger = makeLogger(verbose: options.verbose)
        let directory = SimulationStateDirectory(url: options.stateDirectory)
        do {
            try AtomicFile.ensureDirectory(directory.url)
        } catch {
            throw reporter.fail(code: "state_dir_unusable", message: "The state directory cannot be used: \(error)", exit: .authenticationFailed)
        }
        let lock = FileLock(url: directory.url.appendingPathComponent("world.lock"))
        try await lock.withLock {
            let environment = try await open(options, directory: directory, reporter: reporter, logger: logger)
            var failure: (any Error)?
            do { try await body(environment) } catch { failure = error }
            do {
                try directory.saveState(await environment.world.snapshot())
            } catch {
                logger.error("could not save the simulated services' state", metadata: ["error": "\(error)"])
            }
            if let failure { throw environment.reporter.report(failure) }
        }
    }

    private static func open(_ options: GlobalOptions, directory: SimulationStateDirectory, reporter: Reporter, logger: Logger) async throws -> LoginEnvironment {
        let keys: SimulationKeys
        let state: SimulationState
        do {
            keys = try directory.loadOrCreateKeys()
            state = try directory.loadState()
        } catch {
            throw reporter.fail(code: "state_dir_corrupt", message: "The state directory cannot be used: \(error)", exit: .authenticationFailed)
        }
        let world = try await SimulatedServices(configuration: SimulationConfiguration(), keys: keys, state: state, clock: .live)
        let backend: any AuthBackend
        let policy: RefreshPolicy
        switch options.backend {
        case .supabase:
            backend = SupabaseAuthBackend(engine: world.supabase)
            policy = .supabase
        case .firebase:
            backend = FirebaseAuthBackend(engine: world.firebase)
            policy = .firebase
        }
        let store = FileSessionStore(fileURL: directory.url.appendingPathComponent("session-\(options.backend.rawValue).json"), logger: logger)
        let profileCache = FileProfileCache(fileURL: directory.url.appendingPathComponent("profiles.json"), logger: logger)
        let sessions = SessionManager(backend: backend, store: store, clock: .live, policy: policy, logger: logger)
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: profileCache, logger: logger)
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: profileCache), membership: nil)
        return LoginEnvironment(
            options: options, reporter: reporter, logger: logger, backend: backend, sessions: sessions,
            coordinator: coordinator, profileCache: profileCache, login: LoginUseCase(coordinator: coordinator, router: router),
            world: world)
    }

    private static func makeLogger(verbose: Bool) -> Logger {
        var logger = Logger(label: "login") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }

    /// Registers the Apple strategy with a simulated sheet answered by `person`.
    func registerApple(deviceAppleID: String?, person: @escaping @Sendable (Bool) async throws -> AppleSheetChoice) async {
        let authorizer = SimulatedAppleIDAuthorizer(
            appleID: world.apple, clientID: world.configuration.appleClientID, deviceAppleID: deviceAppleID, person: person)
        await coordinator.register(AppleAuthStrategy(
            authorizer: authorizer, backend: backend, nonces: NonceGenerator(source: .live), profileCache: profileCache, logger: logger))
    }

    /// Registers the Google strategy with the simulated chooser.
    func registerGoogle(_ choice: SimulatedGoogleAuthorizer.Choice) async {
        let authorizer = SimulatedGoogleAuthorizer(google: world.google, clientID: world.configuration.googleClientID, choice: choice)
        await coordinator.register(GoogleAuthStrategy(authorizer: authorizer, backend: backend, nonces: NonceGenerator(source: .live)))
    }

    /// Registers the anonymous and email-code strategies.
    func registerBackendStrategies() async {
        await coordinator.register(AnonymousAuthStrategy(backend: backend))
        await coordinator.register(EmailOTPAuthStrategy(backend: backend))
    }

    /// Runs one login step and reports it.
    func signIn(_ credential: LoginCredential) async throws {
        switch try await login.execute(with: credential) {
        case .signedIn(let result, let destination):
            reporter.signedIn(result, destination: destination, backend: backendName)
        case .codeSent(let challenge):
            reporter.codeSent(challenge, backend: backendName)
        }
    }
}

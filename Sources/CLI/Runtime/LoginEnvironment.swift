import AuthData
import AuthDomain
import AuthEmulator
import AuthPresentation
import AuthSimulation
import AuthJWT
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
    let providers: IdentityProviders
    let world: SimulatedServices?

    /// The backend's name, as printed.
    var backendName: String { options.backend.rawValue }

    /// Opens the state directory, runs `body`, and (embedded) saves the simulated world even
    /// when `body` fails. The embedded world is used under the directory's lock for the whole
    /// command, so two `login` processes never interleave their changes to it. Failures are
    /// reported and become the documented exit status.
    static func run(_ options: GlobalOptions, _ body: @escaping @Sendable (LoginEnvironment) async throws -> Void) async throws {
        let reporter = Reporter(json: options.json)
        let logger = makeLogger(verbose: options.verbose)
        let directory = SimulationStateDirectory(url: options.stateDirectory)
        do {
            try AtomicFile.ensureDirectory(directory.url)
        } catch {
            throw reporter.fail(code: "state_dir_unusable", message: "The state directory cannot be used: \(error)", exit: .authenticationFailed)
        }
        if options.isRemote {
            let environment = try openRemote(options, directory: directory, reporter: reporter, logger: logger)
            do { try await body(environment) } catch { throw reporter.report(error) }
            return
        }
        try await FileLock(url: directory.url.appendingPathComponent("world.lock")).withLock {
            let environment = try await openEmbedded(options, directory: directory, reporter: reporter, logger: logger)
            var failure: (any Error)?
            do { try await body(environment) } catch { failure = error }
            if let world = environment.world {
                do { try directory.saveState(await world.snapshot()) } catch {
                    logger.error("could not save the simulated services' state", metadata: ["error": "\(error)"])
                }
            }
            if let failure { throw reporter.report(failure) }
        }
    }

    private static func openEmbedded(_ options: GlobalOptions, directory: SimulationStateDirectory, reporter: Reporter, logger: Logger) async throws -> LoginEnvironment {
        let keys: SimulationKeys
        let state: SimulationState
        do {
            keys = try directory.loadOrCreateKeys()
            state = try directory.loadState()
        } catch {
            throw reporter.fail(code: "state_dir_corrupt", message: "The state directory cannot be used: \(error)", exit: .authenticationFailed)
        }
        let configuration = options.simulationConfiguration
        let world = try await SimulatedServices(configuration: configuration, keys: keys, state: state, clock: .live)
        let backend: any AuthBackend = switch options.backend {
        case .supabase: SupabaseAuthBackend(engine: world.supabase)
        case .firebase: FirebaseAuthBackend(engine: world.firebase)
        }
        let revoker = AppleRESTTokenRevoker(
            secret: AppleClientSecret(teamID: keys.teamID, keyID: keys.developerKeyID, clientID: options.appleClientID, privateKey: try keys.developerKey()),
            baseURL: URL(string: "http://in-process/appleid")!, transport: try Emulator.inProcess(services: world).inProcessTransport, clock: .live)
        return assemble(options, backend: backend, sessionFile: sessionFileName(options), directory: directory,
                        providers: .embedded(world), revoker: revoker, world: world, reporter: reporter, logger: logger)
    }

    /// The session file for the chosen backend: one per embedded backend, one per remote
    /// endpoint.
    static func sessionFileName(_ options: GlobalOptions) -> String {
        guard options.isRemote else { return "session-\(options.backend.rawValue).json" }
        let endpoint = options.backend == .supabase
            ? options.supabaseURL ?? ""
            : (options.firebaseEmulatorHost ?? "firebase") + "/" + (options.firebaseProject ?? "")
        return "session-remote-\(options.backend.rawValue)-\(SHA256Hex.prefix(of: endpoint)).json"
    }

    /// The REST adapter for the remote backend the options name, over `transport` (by default
    /// `URLSession` within `--timeout`).
    static func remoteBackend(_ options: GlobalOptions, reporter: Reporter, transport: HTTPTransport? = nil) throws -> any AuthBackend {
        let transport = transport ?? .urlSession(limits: options.transportLimits)
        switch options.backend {
        case .supabase:
            guard let url = options.supabaseURL.flatMap(URL.init(string:)), let key = options.supabaseKey else {
                throw reporter.fail(code: "usage", message: "--backend supabase needs --supabase-url and --supabase-key", exit: .usage)
            }
            return SupabaseAuthBackend(configuration: SupabaseConfiguration(projectURL: url, apiKey: key), transport: transport, clock: .live)
        case .firebase:
            guard let key = options.firebaseAPIKey else {
                throw reporter.fail(code: "usage", message: "--backend firebase needs --firebase-api-key", exit: .usage)
            }
            var configuration = FirebaseConfiguration(apiKey: key, projectID: options.firebaseProject, emulatorHost: options.firebaseEmulatorHost)
            configuration.adminToken = options.firebaseAdminToken.map { Secret($0) }
            return FirebaseAuthBackend(configuration: configuration, transport: transport, clock: .live)
        }
    }

    private static func openRemote(_ options: GlobalOptions, directory: SimulationStateDirectory, reporter: Reporter, logger: Logger) throws -> LoginEnvironment {
        let transport = HTTPTransport.urlSession(limits: options.transportLimits)
        let backend = try remoteBackend(options, reporter: reporter, transport: transport)
        let providers: IdentityProviders = options.idpURL.flatMap(URL.init(string:)).map {
            .remote(HTTPSimulatedProviders(baseURL: $0, transport: transport))
        } ?? .unavailable
        var revoker: (any AppleTokenRevoking)?
        if let team = options.appleTeamID, let keyID = options.appleKeyID, let file = options.appleKeyFile, let idp = options.idpURL.flatMap(URL.init(string:)) {
            guard let pem = try? String(contentsOfFile: file, encoding: .utf8),
                  let secret = try? AppleClientSecret(teamID: team, keyID: keyID, clientID: options.appleClientID, p8: pem)
            else { throw reporter.fail(code: "usage", message: "--apple-key-file \(file) is not a readable .p8 key", exit: .usage) }
            revoker = AppleRESTTokenRevoker(secret: secret, baseURL: idp.appendingPathComponent("appleid"), transport: transport, clock: .live)
        }
        return assemble(options, backend: backend, sessionFile: sessionFileName(options), directory: directory,
                        providers: providers, revoker: revoker, world: nil, reporter: reporter, logger: logger)
    }

    private static func assemble(_ options: GlobalOptions, backend: any AuthBackend, sessionFile: String, directory: SimulationStateDirectory,
                                 providers: IdentityProviders, revoker: (any AppleTokenRevoking)?, world: SimulatedServices?,
                                 reporter: Reporter, logger: Logger) -> LoginEnvironment {
        let store = FileSessionStore(fileURL: directory.url.appendingPathComponent(sessionFile), logger: logger)
        let profileCache = FileProfileCache(fileURL: directory.url.appendingPathComponent("profiles.json"), logger: logger)
        let policy = options.refreshPolicy
        let sessions = SessionManager(backend: backend, store: store, clock: .live, policy: policy, logger: logger)
        // The credential-state check never shows a sheet: its person would only cancel.
        let appleCredentials = try? providers.appleAuthorizer(clientID: options.appleClientID, deviceAppleID: nil) { _ in AppleSheetChoice(cancel: true) }
        let coordinator = AuthenticationCoordinator(
            backend: backend, sessions: sessions, profileCache: profileCache, logger: logger,
            appleCredentials: appleCredentials, appleTokenRevoker: revoker)
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: profileCache), membership: nil)
        return LoginEnvironment(
            options: options, reporter: reporter, logger: logger, backend: backend, sessions: sessions, coordinator: coordinator,
            profileCache: profileCache, login: LoginUseCase(coordinator: coordinator, router: router), providers: providers, world: world)
    }

    /// The CLI's logger: stderr, debug with `--verbose`, otherwise warnings and worse.
    /// - Parameters:
    ///   - label: The logger's label.
    ///   - verbose: Whether `--verbose` was given.
    /// - Returns: The logger.
    static func makeLogger(label: String = "login", verbose: Bool) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }

    /// Registers the Apple strategy with a sheet answered by `person`. The device's Apple ID is
    /// `appleID` when given (and is then remembered), else the one remembered from earlier runs.
    func registerApple(appleID: String?, person: @escaping @Sendable (Bool) async throws -> AppleSheetChoice) async throws {
        let directory = options.stateDirectory
        DeviceSettings.remember(appleID: appleID, in: directory)
        let deviceAppleID = appleID ?? DeviceSettings.load(from: directory).appleID
        let authorizer = try providers.appleAuthorizer(clientID: options.appleClientID, deviceAppleID: deviceAppleID, person: person)
        await coordinator.register(AppleAuthStrategy(
            authorizer: authorizer, backend: backend, nonces: NonceGenerator(source: .live), profileCache: profileCache, logger: logger))
    }

    /// Registers the Google strategy with the simulated chooser.
    func registerGoogle(_ choice: SimulatedGoogleAuthorizer.Choice) async throws {
        let authorizer = try providers.googleAuthorizer(clientID: options.googleClientID, choice: choice)
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

extension SHA256Hex {
    /// The first 8 hex digits of the SHA-256 of a string (file-name tags).
    static func prefix(of text: String) -> String { String(hash(text).prefix(8)) }
}

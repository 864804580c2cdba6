import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Logging

/// The composition root: the one place where concrete types are wired together. It opens the
/// state directory, builds the embedded services (or, with remote options, the REST adapters),
/// the session manager and the coordinator, registers every strategy the backend and providers
/// allow, restores the session once, runs a command, and saves the services' state.
struct LoginEnvironment: Sendable {
    /// How long the environment holds the embedded services.
    enum Mode: Sendable {
        /// One command: the services' state is read, used under the state directory's lock, and saved.
        case command
        /// A long-running watch (`status --watch`): each backend call takes the lock, reads the
        /// services' state, writes it back and lets go, so other commands work meanwhile.
        case watch(refreshLead: Double?)
    }

    let options: GlobalOptions
    let reporter: Reporter
    let logger: Logger
    let coordinator: AuthenticationCoordinator
    let login: LoginUseCase
    let providers: IdentityProviders
    /// The session found at start, after the providers' credential checks; `nil` when signed out.
    let initial: InitialSession?

    /// The backend's name, as printed.
    var backendName: String { options.backend.rawValue }

    /// The session manager (auto-refresh and events for `status --watch`).
    var sessions: SessionManager { coordinator.sessions }

    /// The signed-in session, or ``AuthError/notSignedIn``.
    /// - Returns: The session as restored at start.
    /// - Throws: ``AuthError/notSignedIn``.
    func requireSignedIn() throws(AuthError) -> StoredSession {
        guard let initial else { throw .notSignedIn }
        return initial.stored
    }

    /// Opens the state directory, wires everything, restores the session, runs `body`, and
    /// (embedded, one command) saves the simulated services even when `body` fails. Failures are
    /// reported and become the documented exit status.
    /// - Parameters:
    ///   - options: The global options.
    ///   - sheets: How the simulated providers' sheets are answered.
    ///   - mode: One command, or a long-running watch.
    ///   - body: The command.
    static func run(
        _ options: GlobalOptions, sheets: ProviderSheets = ProviderSheets(), mode: Mode = .command,
        _ body: @escaping @Sendable (LoginEnvironment) async throws(AuthError) -> Void
    ) async throws {
        let reporter = Reporter(json: options.json)
        let logger = makeLogger(verbose: options.verbose)
        let directory = SimulationStateDirectory(url: options.stateDirectory)
        do {
            try AtomicFile.ensureDirectory(directory.url)
        } catch {
            throw reporter.fail(code: "state_dir_unusable", message: "The state directory cannot be used: \(error)", exit: .authenticationFailed)
        }
        let wiring = Wiring(options: options, sheets: sheets, directory: directory, reporter: reporter, logger: logger)
        if options.isRemote {
            let transport = wiring.transport
            try await wiring.run(backend: try wiring.remoteBackend(transport), providers: wiring.remoteProviders(transport), services: nil, mode: mode, body)
            return
        }
        if case .watch = mode {
            let backend = ServicesReloadingBackend(directory: directory, profile: options.backend.profile, configuration: options.simulationConfiguration)
            let services = try await wiring.openServices()
            try await wiring.run(backend: backend, providers: .embedded(services), services: nil, mode: mode, body)
            return
        }
        try await directory.servicesLock.withLock {
            let services = try await wiring.openServices()
            try await wiring.run(backend: options.backend.profile.embedded(services), providers: .embedded(services), services: services, mode: mode, body)
        }
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

    /// The session file for the chosen backend: one per embedded backend, one per remote
    /// endpoint.
    static func sessionFileName(_ options: GlobalOptions) -> String {
        guard options.isRemote else { return "session-\(options.backend.rawValue).json" }
        let endpoint = options.backend.profile.remoteEndpoint(options)
        return "session-remote-\(options.backend.rawValue)-\(SHA256Hex.prefix(of: endpoint)).json"
    }

    /// Runs one login step and reports it.
    func signIn(_ credential: LoginCredential) async throws(AuthError) {
        switch try await login.execute(with: credential) {
        case .signedIn(let result, let destination):
            reporter.signedIn(result, destination: destination, backend: backendName)
        case .codeSent(let challenge):
            reporter.codeSent(challenge, backend: backendName)
        }
    }
}

/// The parts `LoginEnvironment.run` puts together.
private struct Wiring: Sendable {
    let options: GlobalOptions
    let sheets: ProviderSheets
    let directory: SimulationStateDirectory
    let reporter: Reporter
    let logger: Logger

    func openServices() async throws -> SimulatedServices {
        do {
            return try await SimulatedServices(
                configuration: options.simulationConfiguration, keys: try directory.loadOrCreateKeys(), state: try directory.loadState(), clock: .live)
        } catch {
            throw reporter.fail(code: "state_dir_corrupt", message: "The state directory cannot be used: \(error)", exit: .authenticationFailed)
        }
    }

    func remoteBackend(_ transport: HTTPTransport) throws -> any AuthBackend {
        do {
            return try options.backend.profile.remote(options, transport)
        } catch {
            throw reporter.fail(code: "usage", message: error.description.prefix(1).uppercased() + error.description.dropFirst(), exit: .usage)
        }
    }

    func remoteProviders(_ transport: HTTPTransport) -> IdentityProviders {
        options.idpURL.flatMap(URL.init(string:)).map { .remote(HTTPSimulatedProviders(baseURL: $0, transport: transport)) } ?? .unavailable
    }

    /// Every remote call's transport, bounded by `--timeout` and the body limit.
    var transport: HTTPTransport { .urlSession(limits: options.transportLimits) }

    /// The Apple token revoker: the embedded services's simulated Apple, or Apple (the emulator's
    /// simulated Apple) with the team's key from the options.
    private func tokenRevoker(services: SimulatedServices?) throws -> (any AppleTokenRevoking)? {
        let clientID = options.simulationConfiguration.clientID(for: .apple)
        if let services {
            let keys = services.keys
            return AppleRESTTokenRevoker(
                secret: AppleClientSecret(teamID: keys.teamID, keyID: keys.developerKeyID, clientID: clientID, privateKey: try keys.developerKey()),
                baseURL: URL(string: "http://in-process/appleid")!, transport: try Emulator.inProcess(services: services).inProcessTransport, clock: .live)
        }
        guard let team = options.appleTeamID, let keyID = options.appleKeyID, let file = options.appleKeyFile,
              let idp = options.idpURL.flatMap(URL.init(string:))
        else { return nil }
        guard let pem = try? String(contentsOfFile: file, encoding: .utf8),
              let secret = try? AppleClientSecret(teamID: team, keyID: keyID, clientID: clientID, p8: pem)
        else { throw reporter.fail(code: "usage", message: "--apple-key-file \(file) is not a readable .p8 key", exit: .usage) }
        return AppleRESTTokenRevoker(secret: secret, baseURL: idp.appendingPathComponent("appleid"), transport: transport, clock: .live)
    }

    func run(
        backend: any AuthBackend, providers: IdentityProviders, services: SimulatedServices?, mode: LoginEnvironment.Mode,
        _ body: @escaping @Sendable (LoginEnvironment) async throws(AuthError) -> Void
    ) async throws {
        var policy = options.backend.profile.refreshPolicy
        if case .watch(let lead?) = mode { policy.autoRefreshLead = lead }
        let store = FileSessionStore(fileURL: directory.url.appendingPathComponent(LoginEnvironment.sessionFileName(options)), logger: logger)
        let profileCache = FileProfileCache(fileURL: directory.url.appendingPathComponent("profiles.json"), logger: logger)
        let sessions = SessionManager(backend: backend, store: store, clock: .live, policy: policy, logger: logger)
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: profileCache, logger: logger)
        try await register(on: coordinator, backend: backend, providers: providers, profileCache: profileCache, revoker: try tokenRevoker(services: services))
        let environment = LoginEnvironment(
            options: options, reporter: reporter, logger: logger, coordinator: coordinator,
            login: LoginUseCase(coordinator: coordinator, router: PostAuthRouter(profiles: AuthUserProfileRepository(cache: profileCache), membership: nil)),
            providers: providers, initial: await coordinator.start())
        var failure: AuthError?
        do { try await body(environment) } catch { failure = error }
        if let services {
            do { try directory.saveState(await services.snapshot()) } catch {
                logger.error("could not save the simulated services' state", metadata: ["error": "\(error)"])
            }
        }
        if let failure { throw reporter.report(failure) }
    }

    /// Registers a strategy for every way in the backend and the providers allow.
    private func register(
        on coordinator: AuthenticationCoordinator, backend: any AuthBackend, providers: IdentityProviders,
        profileCache: any ProfileCache, revoker: (any AppleTokenRevoking)?
    ) async throws {
        await coordinator.register(AnonymousAuthStrategy(backend: backend))
        await coordinator.register(EmailOTPAuthStrategy(backend: backend))
        let configuration = options.simulationConfiguration
        let directory = self.directory.url
        DeviceSettings.remember(appleID: sheets.appleID, in: directory)
        let deviceAppleID = sheets.appleID ?? DeviceSettings.load(from: directory).appleID
        if let apple = providers.appleAuthorizer(clientID: configuration.clientID(for: .apple), deviceAppleID: deviceAppleID, person: sheets.apple) {
            await coordinator.register(AppleAuthStrategy(
                authorizer: apple, backend: backend, nonces: NonceGenerator(source: .live), profileCache: profileCache,
                tokenRevoker: revoker, logger: logger))
        }
        let chooseGoogle = sheets.google
        if let google = providers.googleAuthorizer(clientID: configuration.clientID(for: .google), person: { [coordinator] in
            chooseGoogle(await coordinator.currentUser()?.email)
        }) {
            await coordinator.register(GoogleAuthStrategy(authorizer: google, backend: backend, nonces: NonceGenerator(source: .live)))
        }
    }
}

extension SimulationStateDirectory {
    /// The lock every `login` process holds while it uses the simulated services' state.
    var servicesLock: FileLock { FileLock(url: url.appendingPathComponent("world.lock")) }
}

extension SHA256Hex {
    /// The first 8 hex digits of the SHA-256 of a string (file-name tags).
    static func prefix(of text: String) -> String { String(hash(text).prefix(8)) }
}

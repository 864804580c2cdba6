import AuthAppleServer
import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import Foundation
import Logging

/// The CLI's one composer: the concrete types `LoginEnvironment.run` puts together (the embedded
/// services or the REST adapters, the session manager, the coordinator and every strategy the
/// backend and ``CLIProvider/table`` allow), for one command.
struct LoginComposer: Sendable {
    let options: GlobalOptions
    let sheets: ProviderSheets
    let directory: StateDirectoryAccess
    let signIn: SignInGates
    let termsAccepted: Bool
    let reporter: Reporter
    let logger: Logger
    /// Every remote call's transport (one URLSession), bounded by `--timeout` and the body limit.
    let transport: HTTPTransport

    private var stateDirectory: SimulationStateDirectory { SimulationStateDirectory(url: directory.url) }

    /// The embedded services, from the state directory's keys and database; close them after use.
    /// - Parameters:
    ///   - writing: Whether the command may change them (it needs a writable directory).
    ///   - concurrent: Whether requests may reach them at once (served to a browser, watched).
    /// - Throws: ``CommandFailure`` (exit 5) for a damaged, unreadable or unsafe file.
    func openServices(writing: Bool, concurrent: Bool = false) async throws(CommandFailure) -> EmbeddedServices {
        do {
            return try await EmbeddedServices.open(
                directory: stateDirectory, configuration: options.simulationConfiguration, writing: writing, logger: logger,
                concurrent: concurrent)
        } catch let error as SimulationStoreError {
            let code = if case .corrupt = error { "state_dir_corrupt" } else { "state_dir_unusable" }
            throw CommandFailure(code: code, message: "The state directory cannot be used: \(error.description)", exit: .stateDirectory)
        } catch {
            throw CommandFailure(
                code: "state_dir_corrupt", message: "The keys in \(stateDirectory.keysURL.path) cannot be used: \(error)",
                exit: .stateDirectory)
        }
    }

    func remoteBackend() throws(CommandFailure) -> BackendCapabilities {
        do {
            return try options.backend.profile.remote(options, transport)
        } catch {
            throw .usage(error.description.prefix(1).uppercased() + error.description.dropFirst())
        }
    }

    func remoteProviders() -> IdentityProviders {
        options.idpURL.flatMap(URL.init(string:)).map { .remote(HTTPSimulatedProviders(baseURL: $0, transport: transport)) } ?? .unavailable
    }

    /// The Apple token revoker: the embedded services's simulated Apple (made on the first
    /// revocation), or Apple (the emulator's simulated Apple) with the team's key from the options.
    private func tokenRevoker(services: SimulatedServices?) throws(CommandFailure) -> (any AppleTokenRevoking)? {
        let clientID = options.simulationConfiguration.clientID(for: .apple)
        if let services {
            return DeferredAppleTokenRevoker {
                let keys = services.keys
                return AppleRESTTokenRevoker(
                    secret: AppleClientSecret(
                        teamID: keys.teamID, keyID: keys.developerKeyID, clientID: clientID, privateKey: try keys.developerKey()),
                    baseURL: URL(string: "http://in-process/appleid")!,
                    transport: try Emulator.inProcess(services: services).inProcessTransport, clock: .live)
            }
        }
        guard let team = options.appleTeamID, let keyID = options.appleKeyID, let file = options.appleKeyFile,
            let idp = options.idpURL.flatMap(URL.init(string:))
        else { return nil }
        guard let pem = try? String(contentsOfFile: file, encoding: .utf8),
            let secret = try? AppleClientSecret(teamID: team, keyID: keyID, clientID: clientID, p8: pem)
        else { throw .usage("--apple-key-file \(file) is not a readable .p8 key") }
        return AppleRESTTokenRevoker(secret: secret, baseURL: idp.appendingPathComponent("appleid"), transport: transport, clock: .live)
    }

    /// Serves the embedded services on a loopback port (for `--browser`). The server logs only
    /// with `--verbose`: stopping it with the browser's keep-alive connection still open is
    /// logged as an error, which is no news to the person at the terminal.
    func serve(_ services: SimulatedServices) async throws(CommandFailure) -> RunningEmulator {
        var serverLogger = logger
        if logger.logLevel > .debug { serverLogger.logLevel = .critical }
        do {
            return try await RunningEmulator.start(services: services, logger: serverLogger)
        } catch {
            throw CommandFailure(
                code: "network", message: "The embedded services cannot be served for the browser: \(error)", exit: .unreachable)
        }
    }

    /// Wires the session manager, coordinator and strategies, restores the session and runs
    /// `body` (the embedded services commit each call's rows as it happens: nothing to save).
    func run(
        _ capabilities: BackendCapabilities, providers: IdentityProviders, services: SimulatedServices?, mode: LoginEnvironment.Mode,
        _ body: @escaping @Sendable (LoginEnvironment) async throws -> Void
    ) async throws {
        let backend = capabilities.backend
        var policy = options.backend.profile.refreshPolicy
        if case .watch(let lead?) = mode { policy.autoRefreshLead = lead }
        let store = FileSessionStore(fileURL: directory.url.appendingPathComponent(SessionFiles.name(options)), logger: logger)
        let profileCache = FileProfileCache(fileURL: directory.url.appendingPathComponent(SessionFiles.profileCache), logger: logger)
        let sessions = SessionManager(backend: backend, store: store, clock: .live, policy: policy, logger: logger)
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: profileCache, logger: logger)
        try await register(
            on: coordinator, capabilities, providers: providers, profileCache: profileCache,
            revoker: try tokenRevoker(services: services))
        if let browser = sheets.browser, let web = capabilities.web {
            for provider in CLIProvider.idTokenProviders.map(\.id) {
                await coordinator.register(
                    WebRedirectAuthStrategy(
                        provider: provider, session: browser.session, backend: web, random: .live, profileCache: profileCache,
                        logger: logger))
            }
        }
        let location = options.backend.profile.membershipClaims
        let membership = signIn.membershipClaim.map { ClaimMembershipChecker(claim: $0, location: location, coordinator: coordinator) }
        let factors = capabilities.secondFactors
        let stepUp = factors.map { BackendSecondFactorStepUp(factors: $0, sessions: coordinator.sessions) }
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: profileCache), membership: membership)
        let login = LoginUseCase(
            coordinator: coordinator, router: router, requiresTermsAcceptance: signIn.requiresTerms, secondFactor: stepUp)
        let initial = await coordinator.start()
        // The message is made only when logged (`--verbose`): printing a date loads the time zone.
        logger.info("session: \(Self.describe(initial)) in \(store.fileURL.path)")
        let environment = LoginEnvironment(
            options: options, reporter: reporter, logger: logger, coordinator: coordinator, login: login,
            secondFactors: factors, secondFactorCode: signIn.secondFactorCode, termsAccepted: termsAccepted,
            providers: providers, initial: initial, store: store, services: services,
            adminAccess: { [self] adminOptions throws(CommandFailure) in
                try AdminWiring(options: options, directory: directory.url).access(services: services, adminOptions)
            },
            passwords: capabilities.passwords.map { PasswordAccountService(backend: $0, sessions: sessions) },
            backend: backend,
            passkeyBackend: capabilities.passkeys)
        try await body(environment)
    }

    private static func describe(_ session: InitialSession?) -> String {
        session.map { "user \($0.stored.user.id), expires \($0.stored.session.expiresAt)\($0.isExpired ? " (expired)" : "")" } ?? "none"
    }

    /// Registers a strategy for every way in the backend and the providers allow.
    private func register(
        on coordinator: AuthenticationCoordinator, _ capabilities: BackendCapabilities, providers: IdentityProviders,
        profileCache: any ProfileCache, revoker: (any AppleTokenRevoking)?
    ) async throws {
        let backend = capabilities.backend
        await coordinator.register(AnonymousAuthStrategy(backend: backend))
        await coordinator.register(EmailCodeAuthStrategy(backend: backend))
        if let passwords = capabilities.passwords {
            await coordinator.register(PasswordAuthStrategy(backend: passwords))
        }
        let configuration = options.simulationConfiguration
        let directory = self.directory.url
        DeviceSettings.remember(appleID: sheets.appleID, in: directory)
        let deviceAppleID = sheets.appleID ?? DeviceSettings.load(from: directory).appleID
        if let apple = providers.appleAuthorizer(
            clientID: configuration.clientID(for: .apple), deviceAppleID: deviceAppleID, person: sheets.apple)
        {
            await coordinator.register(
                AppleAuthStrategy(
                    authorizer: apple, backend: backend, nonces: NonceGenerator(source: .live), profileCache: profileCache,
                    tokenRevoker: revoker, logger: logger))
        }
        let chooseGoogle = sheets.google
        if let google = providers.googleAuthorizer(
            clientID: configuration.clientID(for: .google),
            person: { [coordinator] in
                chooseGoogle(await coordinator.currentUser()?.email)
            })
        {
            await coordinator.register(GoogleAuthStrategy(authorizer: google, backend: backend, nonces: NonceGenerator(source: .live)))
        }
    }
}

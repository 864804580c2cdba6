import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Logging

/// The composition root: the one place where concrete types are wired together. It opens the
/// state directory, builds the embedded services on its database (or, with remote options, the
/// REST adapters), the session manager and the coordinator, registers every strategy the backend
/// and providers allow, restores the session once, and runs a command; the embedded services
/// commit each call's rows as it happens. The wiring itself is ``LoginComposer``.
struct LoginEnvironment: Sendable {
    /// How long the environment holds the embedded services.
    enum Mode: Sendable {
        /// One command.
        case command
        /// A long-running watch (`status --watch`): each backend call takes the lock, opens the
        /// services' database, makes the call and lets go, so other commands work meanwhile.
        case watch(refreshLead: Double?)
    }

    /// What a command does to the embedded services.
    enum Access: Sendable {
        /// It may change them: it uses them under the state directory's lock.
        case readWrite
        /// It only reads them (`status`, `mailbox`, `users list`): no lock is taken (SQLite reads
        /// a consistent snapshot), so it answers while another command holds the lock, and works
        /// in a read-only directory.
        case readOnly
    }

    let options: GlobalOptions
    let reporter: Reporter
    let logger: Logger
    let coordinator: AuthenticationCoordinator
    let login: LoginUseCase
    /// The backend's second factors (`nil` where the backend has none here).
    let secondFactors: (any SecondFactorBackend)?
    /// The second factor's code given with `--mfa-code`, if any.
    let secondFactorCode: String?
    /// Whether the terms were accepted beforehand for this run (`--accept-terms`).
    let termsAccepted: Bool
    let providers: IdentityProviders
    /// The session found at start, after the providers' credential checks; `nil` when signed out.
    let initial: InitialSession?
    /// The session file.
    let store: FileSessionStore
    /// The embedded services (`nil` with a remote backend).
    let services: SimulatedServices?
    /// The admin API for `users` and `reset`, built on demand (remote credentials are checked then).
    let adminAccess: @Sendable (AdminOptions) throws(CommandFailure) -> AdminAccess
    /// Changes to the signed-in account's password and address (`nil` when the backend has no
    /// password side).
    var passwords: PasswordAccountService? = nil
    /// The backend itself, for what only one service has (Firebase's `applyActionCode`).
    var backend: (any AuthBackend)? = nil
    /// The backend's passkey routes (`nil` when the backend has none).
    var passkeyBackend: (any PasskeyBackend)? = nil

    /// The backend's name, as printed.
    var backendName: String { options.backend.rawValue }

    /// Which backend, said for people: the embedded engine, or the server at its address.
    var backendPlace: String {
        let name = options.backend.profile.displayName
        guard options.isRemote else { return "\(name) (the embedded engine, state in \(options.stateDirectory.path))" }
        return "\(name) at \(options.backend.profile.remotePlace(options))"
    }

    /// The session manager (auto-refresh and events for `status --watch`).
    var sessions: SessionManager { coordinator.sessions }

    /// The signed-in session, or ``AuthError/notSignedIn``.
    /// - Returns: The session as restored at start.
    /// - Throws: ``AuthError/notSignedIn``.
    func requireSignedIn() throws(AuthError) -> StoredSession {
        guard let initial else { throw .notSignedIn }
        return initial.stored
    }

    /// Opens the state directory, wires everything, restores the session and runs `body`.
    /// Failures are reported and become the documented exit status.
    /// - Parameters:
    ///   - options: The global options.
    ///   - sheets: How the simulated providers' sheets are answered.
    ///   - mode: One command, or a long-running watch.
    ///   - access: Whether the command changes the embedded services.
    ///   - signIn: The membership and terms gates.
    ///   - termsAccepted: Whether `--accept-terms` was given (a new sign-up is then not asked).
    ///   - body: The command; it throws ``AuthError``, ``CommandFailure`` or an already reported
    ///     ``CLIExit``.
    /// - Throws: The ``CLIExit`` to end with.
    static func run(
        _ options: GlobalOptions, sheets: ProviderSheets = ProviderSheets(), mode: Mode = .command, access: Access = .readWrite,
        signIn: SignInGates = .none, termsAccepted: Bool = false,
        _ body: @escaping @Sendable (LoginEnvironment) async throws -> Void
    ) async throws {
        let options = options.reachingServe()
        let reporter = Reporter(json: options.json, verbose: options.verbose)
        let logger = makeLogger(verbose: options.verbose)
        let directory = StateDirectoryAccess(url: options.stateDirectory, lockTimeout: options.lockTimeout, backend: options.backend)
        do {
            try directory.prepare()
            let composer = LoginComposer(
                options: options, sheets: sheets, directory: directory, signIn: signIn, termsAccepted: termsAccepted,
                reporter: reporter, logger: logger, transport: LazyURLSessionTransport.make(limits: options.transportLimits))
            if options.isRemote {
                logger.info(
                    """
                    backend: \(options.backend.rawValue) at \(options.backend.profile.remoteEndpoint(options)) (REST); state in\
                     \(directory.url.path)
                    """
                )
                try await composer.run(composer.remoteBackend(), providers: composer.remoteProviders(), services: nil, mode: mode, body)
                return
            }
            try directory.refuseIfServed()
            logger.info("backend: the embedded \(options.backend.rawValue) engine, state in \(directory.url.path)")
            switch (mode, access) {
            case (.watch, _):
                let backend = ServicesReloadingBackend(
                    directory: directory, profile: options.backend.profile,
                    configuration: options.simulationConfiguration, logger: logger)
                let embedded = try await composer.openServices(writing: false, concurrent: true)
                defer { embedded.close() }
                try await composer.run(
                    BackendCapabilities(plain: backend), providers: .embedded(embedded.services), services: embedded.services, mode: mode,
                    body)
            case (.command, .readOnly):
                let embedded = try await composer.openServices(writing: false)
                defer { embedded.close() }
                let services = embedded.services
                try await composer.run(
                    options.backend.profile.embedded(services), providers: .embedded(services), services: services, mode: mode, body)
            case (.command, .readWrite):
                let held = try await directory.lockServices(logger: logger)
                defer { held.release() }
                let embedded = try await composer.openServices(writing: true, concurrent: sheets.browser != nil)
                defer { embedded.close() }
                let services = embedded.services
                guard sheets.browser != nil else {
                    try await composer.run(
                        options.backend.profile.embedded(services), providers: .embedded(services), services: services, mode: mode, body)
                    return
                }
                // A browser must reach the providers' pages and the backend's routes: serve the
                // embedded services on a loopback port for the length of the command.
                let server = try await composer.serve(services)
                let backend = options.backend.profile.served(server, composer.transport)
                do {
                    try await composer.run(backend, providers: .embedded(services), services: services, mode: mode, body)
                } catch {
                    await server.stop()
                    throw error
                }
                await server.stop()
            }
        } catch {
            throw reporter.report(error, options: options)
        }
    }

    /// The CLI's logger: stderr with control characters escaped, debug with `--verbose`,
    /// otherwise warnings and worse.
    /// - Parameters:
    ///   - label: The logger's label.
    ///   - verbose: Whether `--verbose` was given.
    /// - Returns: The logger.
    static func makeLogger(label: String = "login", verbose: Bool) -> Logger {
        var logger = Logger(label: label) { EscapingLogHandler(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }

    /// Runs one login step and reports it.
    /// - Parameters:
    ///   - credential: The step.
    ///   - notes: Notes to print for a completed sign-in (options it could not use).
    /// - Returns: The outcome.
    @discardableResult
    func signIn(_ credential: LoginCredential, notes: @Sendable (AuthenticationResult) -> [String] = { _ in [] }) async throws(AuthError)
        -> LoginOutcome
    {
        logger.info("signing in: \(credential.provider.rawValue)")
        var outcome = try await login.execute(with: credential, termsAccepted: termsAccepted)
        if case .secondFactorRequired(let pending) = outcome {
            outcome = try await settleSecondFactor(pending)
        }
        if case .termsRequired(let pending) = outcome {
            outcome = try await settleTerms(pending)
        }
        switch outcome {
        case .signedIn(let result, let destination):
            logger.info(
                "signed in",
                metadata: [
                    "user": "\(result.user.id)", "new": "\(result.isNewUser)", "destination": "\(destination.name)",
                    "expires": "\(result.session.expiresAt)", "session file": "\(store.fileURL.path)",
                ])
            reporter.signedIn(result, destination: destination, backend: backendName, notes: notes(result))
        case .codeSent(let challenge):
            logger.info("code sent", metadata: ["email": "\(challenge.email)"])
            reporter.codeSent(challenge, backend: options.backend, repeating: options.repeatedArguments)
        case .mailSent(let challenge, let kind):
            logger.info("mail sent", metadata: ["email": "\(challenge.email)", "kind": "\(kind.rawValue)"])
            reporter.mailSent(challenge, kind: kind, backend: backendName)
        case .termsRequired, .secondFactorRequired:
            break
        }
        return outcome
    }

    /// A new sign-up that has not accepted the terms (``LoginOutcome/termsRequired(_:)``): asked
    /// on a terminal now that the backend has said the account is new; yes goes on, no or Ctrl-D
    /// undoes the new account (exit 3). Without a terminal the account is undone and the sign-in
    /// refused (``AuthError/termsNotAccepted``, which says to pass `--accept-terms`).
    private func settleTerms(_ pending: PendingTermsAcceptance) async throws(AuthError) -> LoginOutcome {
        logger.info("new account; the terms were not accepted beforehand", metadata: ["user": "\(pending.result.user.id)"])
        guard Terminal.isInteractive else {
            try await login.declineTerms(for: pending)
            throw .termsNotAccepted
        }
        let question = "This is a new account: the app's terms of use must be accepted to sign up. Accept them? [y/N] "
        let accepted = (try? Terminal.confirm(question)) ?? false
        if accepted { return try await login.acceptTerms(for: pending) }
        try await login.declineTerms(for: pending)
        reporter.note("the terms were not accepted, so the new account was deleted; nothing is signed in")
        throw .cancelled
    }
}

import AuthDomain
import Foundation
import Logging

/// The sign-in hub: routes each ``LoginCredential`` to the strategy registered for its
/// provider, keeps the resulting session through its ``SessionManager``, and announces every
/// change on ``authStateChanges``.
///
/// It knows no provider: what only some providers do (checking that the user still authorizes
/// the app, revoking tokens before deletion, re-authenticating) it asks of the registered
/// strategies, through the hooks of ``SocialAuthStrategyProviding``. Registering a second
/// strategy for a provider replaces the first (so an app can swap a simulated sheet for the
/// real one, or wrap a strategy).
///
/// ```swift
/// let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: cache, logger: logger)
/// await coordinator.register(AnonymousAuthStrategy(backend: backend))
/// await coordinator.start()
/// for await event in coordinator.authStateChanges { print(event.name) }
/// ```
public actor AuthenticationCoordinator: AuthenticationCoordinating {
    let backend: any AuthBackend
    let profileCache: any ProfileCache
    let logger: Logger
    private var strategies: [ProviderID: any SocialAuthStrategyProviding] = [:]
    private var revocationWatches: [ProviderID: Task<Void, Never>] = [:]
    private var isStarted = false

    /// The session manager that keeps, refreshes and persists the session.
    public nonisolated let sessions: SessionManager

    /// Creates a coordinator.
    /// - Parameters:
    ///   - backend: The auth backend (for sign-out and account calls).
    ///   - sessions: Keeps the session.
    ///   - profileCache: The first-sign-in profile cache, cleared on account deletion.
    ///   - logger: Receives diagnostics (never a secret).
    public init(backend: any AuthBackend, sessions: SessionManager, profileCache: any ProfileCache, logger: Logger) {
        self.backend = backend
        self.sessions = sessions
        self.profileCache = profileCache
        self.logger = logger
    }

    /// Auth-state events: `initialSession` first, then `signedIn`, `tokenRefreshed`,
    /// `userUpdated`, `signedOut`, `userDeleted` as they happen.
    public nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { sessions.events }

    /// Registers a strategy under its provider, replacing any earlier one for that provider.
    /// After ``start()``, its revocation reports are watched at once.
    /// - Parameter strategy: The strategy.
    public func register(_ strategy: any SocialAuthStrategyProviding) {
        if strategies.updateValue(strategy, forKey: strategy.provider) != nil {
            logger.debug("replaced the strategy for \(strategy.provider)")
        }
        if isStarted { watchRevocations(of: strategy) }
    }

    /// The providers with a registered strategy.
    public var registeredProviders: [ProviderID] { strategies.keys.sorted { $0.rawValue < $1.rawValue } }

    /// Restores the stored session and announces it; then asks each provider the user signed in
    /// or linked with on this device whether the user still authorizes the app, and signs out
    /// when one says no. From then on, revocations the providers report while the app runs are
    /// checked the same way.
    /// - Returns: The restored session, marked expired or fresh; `nil` when signed out.
    @discardableResult
    public func start() async -> InitialSession? {
        let initial = await sessions.restore()
        if !isStarted {
            isStarted = true
            for strategy in strategies.values { watchRevocations(of: strategy) }
        }
        guard let initial, await checkCredentials(occasion: .launch) else { return nil }
        return initial
    }

    /// Asks the strategies about the stored session's provider subjects; ends the session at the
    /// first that says the authorization is gone.
    /// - Parameter occasion: Why the check runs.
    /// - Returns: Whether a session remains.
    private func checkCredentials(occasion: CredentialCheckOccasion, only provider: ProviderID? = nil) async -> Bool {
        guard let stored = await sessions.stored else { return false }
        for (subjectProvider, subject) in stored.providerSubjects.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where stored.user.providers.contains(subjectProvider) && (provider == nil || provider == subjectProvider) {
            guard let strategy = strategies[subjectProvider] else { continue }
            if case .ended(let reason) = await strategy.checkCredential(forSubject: subject, occasion: occasion) {
                logger.notice("\(subjectProvider) reports the authorization is gone; signing out")
                await sessions.clear(reason: reason)
                return false
            }
        }
        return true
    }

    private func watchRevocations(of strategy: any SocialAuthStrategyProviding) {
        let provider = strategy.provider
        let reports = strategy.credentialRevocations()
        revocationWatches[provider]?.cancel()
        revocationWatches[provider] = Task { [weak self] in
            for await _ in reports {
                guard let self else { return }
                _ = await self.checkCredentials(occasion: .revocationReported, only: provider)
            }
        }
    }

    deinit {
        for watch in revocationWatches.values { watch.cancel() }
    }

    /// Signs in with the strategy registered for the credential's provider, then keeps the
    /// session and announces `signedIn`.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result, or a sent code.
    /// - Throws: ``AuthError``; `noStrategyRegistered` for an unknown provider.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        let outcome = try await strategy(for: credential.provider).signIn(with: credential)
        if case .authenticated(let result) = outcome {
            try await keep(result, provider: result.credential.provider, announcing: { .signedIn($0) })
        }
        return outcome
    }

    /// Links a provider's identity to the signed-in account; the account keeps its id.
    /// - Parameter provider: The provider to add.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``: `notSignedIn`, `credentialAlreadyInUse`, …
    @discardableResult
    public func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult {
        let strategy = try strategy(for: provider)
        guard var stored = await sessions.stored else { throw .notSignedIn }
        let accessToken = try await sessions.validSession().accessToken
        let result = try await strategy.link(toAccountWith: accessToken)
        stored.session = result.session
        stored.user = result.user
        stored.provider = provider
        if let subject = result.credential.providerUserID { stored.providerSubjects[provider] = subject }
        try await sessions.adopt(stored, announcing: .userUpdated(result.user))
        return result
    }

    /// Signs out: the local session is cleared (and `signedOut` announced) even when the
    /// backend cannot be reached. Errors of a local sign-out are only logged; a global
    /// sign-out that did not reach the backend throws, since other devices stay signed in.
    /// - Parameter scope: Which sessions end on the backend.
    /// - Throws: ``AuthError`` for a failed global sign-out.
    public func signOut(scope: SignOutScope) async throws(AuthError) {
        guard let stored = await sessions.stored else { return }
        let token = (try? await sessions.validSession().accessToken) ?? stored.session.accessToken
        var failure: AuthError?
        do {
            try await backend.signOut(accessToken: token, scope: scope)
        } catch {
            logger.warning("backend sign-out failed", metadata: ["scope": "\(scope.rawValue)", "error": "\(error)"])
            if scope != .local && !error.endsSession { failure = error }
        }
        if scope != .others { await sessions.clear(reason: .userRequested) }
        if let failure { throw failure }
    }

    /// The signed-in user, if any.
    /// - Returns: The user.
    public func currentUser() async -> AuthUser? { await sessions.stored?.user }

    /// The stored session, as last known (possibly expired).
    /// - Returns: The session, or `nil` when signed out.
    public func currentSession() async -> StoredSession? { await sessions.stored }

    /// Refreshes the session now (a refresh another process already made is adopted instead).
    /// - Returns: The new session.
    /// - Throws: ``AuthError``: `notSignedIn`; a definitive error ends the session.
    @discardableResult
    public func refreshSession() async throws(AuthError) -> AuthSession {
        try await sessions.refresh()
    }

    func strategy(for provider: ProviderID) throws(AuthError) -> any SocialAuthStrategyProviding {
        guard let strategy = strategies[provider] else { throw .noStrategyRegistered(provider) }
        return strategy
    }

    /// The strategies that can re-authenticate, for these providers in order.
    func reauthenticationCandidates(_ providers: [ProviderID]) -> [ProviderID] {
        var seen: Set<ProviderID> = []
        return providers.filter { seen.insert($0).inserted && strategies[$0]?.canReauthenticate == true }
    }

    /// Keeps a sign-in's session, with the provider's subject for the user.
    func keep(_ result: AuthenticationResult, provider: ProviderID, announcing event: (StoredSession) -> AuthStateEvent)
        async throws(AuthError)
    {
        var subjects = await sessions.stored.flatMap { $0.user.id == result.user.id ? $0.providerSubjects : nil } ?? [:]
        if let subject = result.credential.providerUserID { subjects[provider] = subject }
        let stored = StoredSession(session: result.session, user: result.user, provider: provider, providerSubjects: subjects)
        try await sessions.adopt(stored, announcing: event(stored))
    }
}

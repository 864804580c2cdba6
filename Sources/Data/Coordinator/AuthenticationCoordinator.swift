import AuthDomain
import Foundation
import Logging

/// The sign-in hub: routes each ``LoginCredential`` to the strategy registered for its
/// provider, keeps the resulting session through its ``SessionManager``, and announces every
/// change on ``authStateChanges``.
///
/// Registering a second strategy for a provider replaces the first (so an app can swap the
/// simulated Apple sheet for the real one, or wrap a strategy).
///
/// ```swift
/// let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: cache, logger: logger)
/// await coordinator.register(AppleAuthStrategy(...))
/// await coordinator.register(AnonymousAuthStrategy(backend: backend))
/// await coordinator.start()
/// for await event in coordinator.authStateChanges { print(event.name) }
/// ```
public actor AuthenticationCoordinator: AuthenticationCoordinating {
    let backend: any AuthBackend
    let profileCache: any ProfileCache
    let logger: Logger
    let appleCredentials: (any AppleIDAuthorizing)?
    let appleTokenRevoker: (any AppleTokenRevoking)?
    private var strategies: [ProviderID: any SocialAuthStrategyProviding] = [:]
    private var revocationWatch: Task<Void, Never>?

    /// The session manager that keeps, refreshes and persists the session.
    public nonisolated let sessions: SessionManager

    /// Creates a coordinator.
    /// - Parameters:
    ///   - backend: The auth backend (for sign-out and account calls).
    ///   - sessions: Keeps the session.
    ///   - profileCache: The first-sign-in profile cache, cleared on account deletion.
    ///   - logger: Receives diagnostics (never a secret).
    ///   - appleCredentials: Asked at start whether the Apple user still authorizes the app.
    ///   - appleTokenRevoker: Revokes Apple tokens when an account is deleted (required by the
    ///     App Store for apps offering Sign in with Apple).
    public init(
        backend: any AuthBackend, sessions: SessionManager, profileCache: any ProfileCache, logger: Logger,
        appleCredentials: (any AppleIDAuthorizing)? = nil, appleTokenRevoker: (any AppleTokenRevoking)? = nil
    ) {
        self.backend = backend
        self.sessions = sessions
        self.profileCache = profileCache
        self.logger = logger
        self.appleCredentials = appleCredentials
        self.appleTokenRevoker = appleTokenRevoker
    }

    /// Auth-state events: `initialSession` first, then `signedIn`, `tokenRefreshed`,
    /// `userUpdated`, `signedOut`, `userDeleted` as they happen.
    public nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { sessions.events }

    /// Registers a strategy under its provider, replacing any earlier one for that provider.
    /// - Parameter strategy: The strategy.
    public func register(_ strategy: any SocialAuthStrategyProviding) {
        if strategies.updateValue(strategy, forKey: strategy.provider) != nil {
            logger.debug("replaced the strategy for \(strategy.provider)")
        }
    }

    /// The providers with a registered strategy.
    public var registeredProviders: [ProviderID] { strategies.keys.sorted { $0.rawValue < $1.rawValue } }

    /// Restores the stored session and announces it; then, for an Apple user, asks Apple
    /// whether the user still authorizes the app and signs out when the authorization was
    /// revoked or is gone. From then on, each revocation Apple reports while the app runs is
    /// checked the same way.
    /// - Returns: The restored session, marked expired or fresh; `nil` when signed out.
    @discardableResult
    public func start() async -> InitialSession? {
        let initial = await sessions.restore()
        watchAppleRevocations()
        guard let initial, await checkAppleCredential(afterRevocation: false) else { return nil }
        return initial
    }

    /// Asks Apple about the signed-in Apple user and signs out when the authorization is gone.
    /// - Parameter afterRevocation: Whether Apple just reported a revocation; then a state that
    ///   cannot be read also signs out (the report is Apple's own word).
    /// - Returns: Whether a session remains.
    private func checkAppleCredential(afterRevocation: Bool) async -> Bool {
        guard let stored = await sessions.stored else { return false }
        guard stored.user.providers.contains(.apple), let appleUserID = stored.appleUserID, let appleCredentials else { return true }
        let state: AppleIDCredentialState
        do {
            state = try await appleCredentials.credentialState(forUserID: appleUserID)
        } catch {
            guard afterRevocation else {
                logger.warning("could not read the Apple credential state; keeping the session", metadata: ["error": "\(error)"])
                return true
            }
            logger.warning("Apple reported a revocation and the state cannot be read; signing out", metadata: ["error": "\(error)"])
            state = .revoked
        }
        switch state {
        case .authorized:
            return true
        case .revoked, .notFound:
            logger.notice("Apple reports the authorization is gone; signing out")
            await sessions.clear(reason: .appleCredentialRevoked)
            return false
        case .transferred:
            logger.warning("the app was transferred to another team; the Apple user id must be migrated")
            return true
        }
    }

    private func watchAppleRevocations() {
        guard revocationWatch == nil, let revocations = appleCredentials?.credentialRevocations() else { return }
        revocationWatch = Task { [weak self] in
            for await _ in revocations {
                guard let self else { return }
                _ = await self.checkAppleCredential(afterRevocation: true)
            }
        }
    }

    deinit { revocationWatch?.cancel() }

    /// Signs in with the strategy registered for the credential's provider, then keeps the
    /// session and announces `signedIn`.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result, or a sent code.
    /// - Throws: ``AuthError``; `noStrategyRegistered` for an unknown provider.
    public func signIn(with credential: LoginCredential) async throws -> SignInOutcome {
        let strategy = try strategy(for: credential.provider)
        let outcome = try await normalizing { try await strategy.signIn(with: credential) }
        if case .authenticated(let result) = outcome {
            let stored = Self.storedSession(for: result, provider: result.credential.provider)
            try await sessions.adopt(stored, announcing: .signedIn(stored))
        }
        return outcome
    }

    /// Links a provider's identity to the signed-in account; the account keeps its id.
    /// - Parameter provider: The provider to add.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``: `notSignedIn`, `credentialAlreadyInUse`, …
    public func link(_ provider: ProviderID) async throws -> AuthenticationResult {
        let strategy = try strategy(for: provider)
        guard var stored = await sessions.stored else { throw AuthError.notSignedIn }
        let accessToken = try await sessions.validSession().accessToken
        let result = try await normalizing { try await strategy.link(toAccountWith: accessToken) }
        stored.session = result.session
        stored.user = result.user
        stored.provider = provider
        if provider == .apple { stored.appleUserID = result.credential.providerUserID }
        try await sessions.adopt(stored, announcing: .userUpdated(result.user))
        return result
    }

    /// Signs out: the local session is cleared (and `signedOut` announced) even when the
    /// backend cannot be reached. Errors of a local sign-out are only logged; a global
    /// sign-out that did not reach the backend throws, since other devices stay signed in.
    /// - Parameter scope: Which sessions end on the backend.
    /// - Throws: ``AuthError`` for a failed global sign-out.
    public func signOut(scope: SignOutScope) async throws {
        guard let stored = await sessions.stored else { return }
        let token = (try? await sessions.validSession().accessToken) ?? stored.session.accessToken
        var failure: AuthError?
        do {
            try await backend.signOut(accessToken: token, scope: scope)
        } catch {
            let error = Self.normalize(error)
            logger.warning("backend sign-out failed", metadata: ["scope": "\(scope.rawValue)", "error": "\(error)"])
            if scope != .local && !error.endsSession { failure = error }
        }
        if scope != .others { await sessions.clear(reason: .userRequested) }
        if let failure { throw failure }
    }

    /// The signed-in user, if any.
    /// - Returns: The user.
    public func currentUser() async -> AuthUser? { await sessions.stored?.user }

    func strategy(for provider: ProviderID) throws -> any SocialAuthStrategyProviding {
        guard let strategy = strategies[provider] else { throw AuthError.noStrategyRegistered(provider) }
        return strategy
    }

    /// Runs `body`, turning any non-domain error into ``AuthError``.
    func normalizing<T>(_ body: () async throws -> T) async throws(AuthError) -> T {
        do { return try await body() } catch { throw Self.normalize(error) }
    }

    static func normalize(_ error: any Error) -> AuthError {
        switch error {
        case let error as AuthError: error
        case is CancellationError: .cancelled
        default: .authorizationFailed("\(error)")
        }
    }
}

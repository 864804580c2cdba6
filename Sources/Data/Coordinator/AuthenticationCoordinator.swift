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
    private let backend: any AuthBackend
    private let profileCache: any ProfileCache
    private let logger: Logger
    private var strategies: [ProviderID: any SocialAuthStrategyProviding] = [:]

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
    /// - Parameter strategy: The strategy.
    public func register(_ strategy: any SocialAuthStrategyProviding) {
        if strategies.updateValue(strategy, forKey: strategy.provider) != nil {
            logger.debug("replaced the strategy for \(strategy.provider)")
        }
    }

    /// The providers with a registered strategy.
    public var registeredProviders: [ProviderID] { strategies.keys.sorted { $0.rawValue < $1.rawValue } }

    /// Restores the stored session and announces it.
    /// - Returns: The restored session, marked expired or fresh.
    @discardableResult
    public func start() async -> InitialSession? {
        await sessions.restore()
    }

    /// Signs in with the strategy registered for the credential's provider, then keeps the
    /// session and announces `signedIn`.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result, or a sent code.
    /// - Throws: ``AuthError``; `noStrategyRegistered` for an unknown provider.
    public func signIn(with credential: LoginCredential) async throws -> SignInOutcome {
        let strategy = try strategy(for: credential.provider)
        let outcome = try await Self.normalizing { try await strategy.signIn(with: credential) }
        if case .authenticated(let result) = outcome {
            let stored = StoredSession(
                session: result.session, user: result.user, provider: result.credential.provider,
                appleUserID: result.credential.provider == .apple ? result.credential.providerUserID : nil)
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
        let result = try await Self.normalizing { try await strategy.link(toAccountWith: accessToken) }
        stored.session = result.session
        stored.user = result.user
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

    private func strategy(for provider: ProviderID) throws -> any SocialAuthStrategyProviding {
        guard let strategy = strategies[provider] else { throw AuthError.noStrategyRegistered(provider) }
        return strategy
    }

    /// Runs `body`, turning any non-domain error into ``AuthError``.
    static func normalizing<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw normalize(error) }
    }

    static func normalize(_ error: any Error) -> AuthError {
        switch error {
        case let error as AuthError: error
        case is CancellationError: .cancelled
        default: .authorizationFailed("\(error)")
        }
    }
}

import AuthDomain
import Foundation
import Logging

/// Keeps the session alive: restores it at start, hands out valid access tokens, refreshes
/// them one at a time, and signs out exactly when the backend says the session is over.
///
/// - Restore: the stored session is read once and announced as `initialSession` (expired or
///   fresh) before any other event.
/// - Single flight: any number of concurrent callers share one refresh request. Before
///   refreshing, the store is re-read under its lock, so a session another process already
///   refreshed (rotated or re-issued) is adopted rather than its refresh token spent again.
/// - A sign-in or sign-out made while a refresh is on the wire waits for it to land, so the
///   late answer cannot bring the old session back.
/// - Write ordering: a rotated session is persisted before `tokenRefreshed` is announced; if
///   persisting fails, the old refresh token stays in use, which Supabase answers with the
///   rotated session again.
/// - Failures: definitive ones (``AuthError/endsSession``) clear the session and announce
///   `signedOut`; everything else keeps it and is retried with backoff (see
///   ``startAutoRefresh()``).
///
/// ```swift
/// let sessions = SessionManager(backend: backend, store: store, clock: .live, policy: .supabase, logger: logger)
/// await sessions.restore()            // announces initialSession
/// await sessions.startAutoRefresh()
/// let token = try await sessions.validSession().accessToken
/// ```
public actor SessionManager {
    private let backend: any AuthBackend
    let store: any SessionStore
    let clock: AuthClock
    let policy: RefreshPolicy
    let logger: Logger
    let hub: AuthEventHub

    var current: StoredSession?
    private var restoring: Task<Void, Never>?
    private var refreshTask: Task<Result<AuthSession, AuthError>, Never>?
    /// Bumped by every sign-in and sign-out, so a refresh that started before one of them drops
    /// its answer instead of bringing the old session back.
    var generation: UInt64 = 0
    var autoRefreshEnabled = false
    var autoRefreshTask: Task<Void, Never>?

    /// Creates a manager.
    /// - Parameters:
    ///   - backend: Refreshes tokens.
    ///   - store: Persists the session.
    ///   - clock: Time and waiting.
    ///   - policy: Refresh margins and backoff.
    ///   - logger: Receives refresh diagnostics (never a secret).
    public init(backend: any AuthBackend, store: any SessionStore, clock: AuthClock, policy: RefreshPolicy, logger: Logger) {
        self.init(backend: backend, store: store, clock: clock, policy: policy, logger: logger, hub: AuthEventHub(now: clock.now))
    }

    package init(
        backend: any AuthBackend, store: any SessionStore, clock: AuthClock, policy: RefreshPolicy, logger: Logger, hub: AuthEventHub
    ) {
        self.backend = backend
        self.store = store
        self.clock = clock
        self.policy = policy
        self.logger = logger
        self.hub = hub
    }

    /// A stream of auth-state events, starting with `initialSession`.
    public nonisolated var events: AsyncStream<AuthStateEvent> { hub.subscribe() }

    /// The session as last known, possibly expired (the stored one is read first if it has not
    /// been yet).
    public var stored: StoredSession? {
        get async {
            await restore()
            return current
        }
    }

    /// Reads the stored session (once) and announces it. Every caller, and every other
    /// operation, waits for that one read: nothing is announced before `initialSession`, and a
    /// sign-in that races the read is not overwritten by it.
    /// - Returns: The stored session, marked expired or fresh.
    @discardableResult
    public func restore() async -> InitialSession? {
        let task = restoring ?? Task { await self.readStoredSession() }
        restoring = task
        await task.value
        return current.map { InitialSession(stored: $0, isExpired: !($0.session.expiresAt > clock.now())) }
    }

    private func readStoredSession() async {
        do {
            current = try await store.load()
        } catch {
            logger.warning("session store is unreachable; starting signed out", metadata: ["error": "\(error)"])
        }
        hub.restored(current)
    }

    /// Adopts a new session (after a sign-in, or a link that re-issued tokens): persists it,
    /// then announces `event`.
    /// - Parameters:
    ///   - stored: The session and user.
    ///   - event: `signedIn` or `userUpdated`.
    /// - Throws: ``AuthError/storage(_:)`` when it cannot be persisted.
    public func adopt(_ stored: StoredSession, announcing event: AuthStateEvent) async throws(AuthError) {
        await restore()
        await settleRefresh()
        generation &+= 1
        // Under the store's lock, so a refresh that starts meanwhile reads this session, not the
        // one it replaces.
        try await store.withExclusiveAccess { [store] () throws(AuthError) in try await store.save(stored) }
        current = stored
        hub.emit(event)
        rescheduleAutoRefresh()
    }

    /// Records an updated user without a new session.
    /// - Parameter user: The user.
    public func updateUser(_ user: AuthUser) async {
        guard var stored = current, stored.user.id == user.id else { return }
        stored.user = user
        do { try await store.save(stored) } catch { logger.warning("could not persist the updated user", metadata: ["error": "\(error)"]) }
        current = stored
        hub.emit(.userUpdated(user))
    }

    /// Forgets the session locally and announces `signedOut` (or `userDeleted`).
    /// - Parameter reason: Why.
    public func clear(reason: SignOutReason) async {
        await restore()
        await settleRefresh()
        let userID = current?.user.id
        current = nil
        generation &+= 1
        autoRefreshTask?.cancel()
        autoRefreshTask = nil
        do { try await store.withExclusiveAccess { [store] () throws(AuthError) in try await store.delete() } } catch {
            logger.error("could not delete the stored session", metadata: ["error": "\(error)"])
        }
        if reason == .accountDeleted, let userID {
            hub.emit(.userDeleted(userID: userID))
        } else {
            hub.emit(.signedOut(reason))
        }
    }

    /// A session whose access token is good for at least the policy margin, refreshing first
    /// when needed. When a refresh fails transiently and the token has not actually expired,
    /// the current token is returned.
    /// - Returns: The session.
    /// - Throws: ``AuthError/notSignedIn``, a definitive error (the session was cleared), or a
    ///   transient one when the token has expired and cannot be refreshed now.
    public func validSession() async throws(AuthError) -> AuthSession {
        await restore()
        guard let known = current else { throw .notSignedIn }
        guard known.session.expires(within: policy.margin, of: clock.now()) else { return known.session }
        do {
            return try await refresh()
        } catch  where !error.endsSession {
            if let still = current?.session, still.expiresAt > clock.now() { return still }
            throw error
        }
    }

    /// Refreshes now. Concurrent callers share one request.
    /// - Returns: The new session.
    /// - Throws: ``AuthError``.
    @discardableResult
    public func refresh() async throws(AuthError) -> AuthSession {
        await restore()
        if let refreshTask { return try await refreshTask.value.get() }
        let task = Task { () async -> Result<AuthSession, AuthError> in
            do throws(AuthError) { return .success(try await self.performRefresh()) } catch { return .failure(error) }
        }
        refreshTask = task
        defer { refreshTask = nil }
        return try await task.value.get()
    }

    /// Lets a refresh already on the wire finish first: its answer is stored and adopted when it
    /// lands, so a sign-in or sign-out made meanwhile would otherwise be overwritten by it.
    func settleRefresh() async {
        if let refreshTask { _ = await refreshTask.value }
    }

    private enum RefreshOutcome: Sendable {
        case refreshed(StoredSession)
        case adopted(StoredSession)
        case signedOutElsewhere
    }

    private func performRefresh() async throws(AuthError) -> AuthSession {
        guard let known = current else { throw .notSignedIn }
        let started = generation
        let outcome: RefreshOutcome
        do throws(AuthError) {
            outcome = try await store.withExclusiveAccess { [backend, store, clock, policy] () throws(AuthError) -> RefreshOutcome in
                guard let latest = try await store.load() else { return .signedOutElsewhere }
                // Another process stored a different session (rotated, or, where tokens do not
                // rotate, merely re-issued) that is still good: take it instead of refreshing.
                let changedElsewhere = latest.user.id != known.user.id || latest.session != known.session
                if changedElsewhere, !latest.session.expires(within: policy.margin, of: clock.now()) {
                    return .adopted(latest)
                }
                let base = latest.user.id == known.user.id ? latest : known
                let session: AuthSession
                do throws(AuthError) {
                    session = try await backend.refreshSession(refreshToken: base.session.refreshToken)
                } catch  where error.endsSession {
                    try await store.delete()
                    throw error
                }
                var refreshed = base
                refreshed.session = session
                try await store.save(refreshed)
                return .refreshed(refreshed)
            }
        } catch  where error.endsSession {
            guard generation == started else { throw error } // a newer sign-in or sign-out stands
            logger.notice("the backend ended the session", metadata: ["reason": "\(error)"])
            current = nil
            hub.emit(.signedOut(.sessionEnded(error)))
            throw error
        } catch {
            logger.warning("refresh failed; the session is kept", metadata: ["error": "\(error)"])
            throw error
        }
        guard generation == started else {
            logger.info("a sign-in or sign-out happened during the refresh; its answer is dropped")
            guard let newer = current else { throw .notSignedIn }
            return newer.session
        }
        switch outcome {
        case .refreshed(let stored):
            current = stored
            hub.emit(.tokenRefreshed(stored.session))
            return stored.session
        case .adopted(let stored):
            logger.info("adopted a session another process already refreshed")
            current = stored
            if stored.user.id == known.user.id {
                hub.emit(.tokenRefreshed(stored.session))
            } else {
                hub.emit(.signedIn(stored))
            }
            return stored.session
        case .signedOutElsewhere:
            let error = AuthError.sessionExpired("signed out by another process")
            current = nil
            hub.emit(.signedOut(.elsewhere))
            throw error
        }
    }
}

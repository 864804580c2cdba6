import AuthDomain
import Foundation
import Logging

/// Keeps the session alive: restores it at start, hands out valid access tokens, refreshes
/// them one at a time, and signs out exactly when the backend says the session is over.
///
/// - Restore: the stored session is read once and announced as `initialSession` (expired or
///   fresh) before any other event.
/// - Single flight: any number of concurrent callers share one refresh request. Before
///   refreshing, the store is re-read under its lock, so a token another process already
///   rotated is adopted rather than spent again.
/// - Write ordering: a rotated session is persisted before `tokenRefreshed` is announced; if
///   persisting fails, the old refresh token stays in use, which Supabase answers with the
///   rotated session again.
/// - Failures: definitive ones (``AuthError/endsSession``) clear the session and announce
///   `signedOut`; everything else keeps it and is retried with backoff.
public actor SessionManager {
    private let backend: any AuthBackend
    private let store: any SessionStore
    private let clock: AuthClock
    private let policy: RefreshPolicy
    private let logger: Logger
    private let hub: AuthEventHub

    private var current: StoredSession?
    private var didRestore = false
    private var refreshTask: Task<AuthSession, any Error>?
    private var autoRefreshEnabled = false
    private var autoRefreshTask: Task<Void, Never>?

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

    package init(backend: any AuthBackend, store: any SessionStore, clock: AuthClock, policy: RefreshPolicy, logger: Logger, hub: AuthEventHub) {
        self.backend = backend
        self.store = store
        self.clock = clock
        self.policy = policy
        self.logger = logger
        self.hub = hub
    }

    /// A stream of auth-state events, starting with `initialSession`.
    public nonisolated var events: AsyncStream<AuthStateEvent> { hub.subscribe() }

    /// The session as last known, possibly expired.
    public var stored: StoredSession? { current }

    /// Reads the stored session (once) and announces it.
    /// - Returns: The stored session, marked expired or fresh.
    @discardableResult
    public func restore() async -> InitialSession? {
        if !didRestore {
            didRestore = true
            do {
                current = try await store.load()
            } catch {
                logger.warning("session store is unreachable; starting signed out", metadata: ["error": "\(error)"])
            }
            hub.restored(current)
        }
        return current.map { InitialSession(stored: $0, isExpired: $0.session.expiresAt <= clock.now()) }
    }

    /// Adopts a new session (after a sign-in, or a link that re-issued tokens): persists it,
    /// then announces `event`.
    /// - Parameters:
    ///   - stored: The session and user.
    ///   - event: `signedIn` or `userUpdated`.
    /// - Throws: ``AuthError/storage(_:)`` when it cannot be persisted.
    public func adopt(_ stored: StoredSession, announcing event: AuthStateEvent) async throws {
        await restore()
        try await store.save(stored)
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
        let userID = current?.user.id
        current = nil
        autoRefreshTask?.cancel()
        autoRefreshTask = nil
        do { try await store.delete() } catch { logger.error("could not delete the stored session", metadata: ["error": "\(error)"]) }
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
    public func validSession() async throws -> AuthSession {
        await restore()
        guard let known = current else { throw AuthError.notSignedIn }
        guard known.session.expires(within: policy.margin, of: clock.now()) else { return known.session }
        do {
            return try await refresh()
        } catch let error as AuthError where !error.endsSession {
            if let still = current?.session, still.expiresAt > clock.now() { return still }
            throw error
        }
    }

    /// Refreshes now. Concurrent callers share one request.
    /// - Returns: The new session.
    /// - Throws: ``AuthError``.
    @discardableResult
    public func refresh() async throws -> AuthSession {
        await restore()
        if let refreshTask { return try await refreshTask.value }
        let task = Task { try await self.performRefresh() }
        refreshTask = task
        defer { refreshTask = nil }
        return try await task.value
    }

    /// Starts refreshing ahead of expiry on the injected clock, retrying transient failures with
    /// backoff, until stopped or signed out (a later sign-in resumes it).
    public func startAutoRefresh() {
        autoRefreshEnabled = true
        rescheduleAutoRefresh()
    }

    /// Stops the auto-refresh loop.
    public func stopAutoRefresh() {
        autoRefreshEnabled = false
        autoRefreshTask?.cancel()
        autoRefreshTask = nil
    }

    private enum RefreshOutcome: Sendable {
        case refreshed(StoredSession)
        case adopted(StoredSession)
        case signedOutElsewhere
    }

    private func performRefresh() async throws -> AuthSession {
        guard let known = current else { throw AuthError.notSignedIn }
        let outcome: RefreshOutcome
        do {
            outcome = try await store.withExclusiveAccess { [backend, store, clock, policy] in
                guard let latest = try await store.load() else { return .signedOutElsewhere }
                if latest.user.id != known.user.id || latest.session.refreshToken != known.session.refreshToken,
                   !latest.session.expires(within: policy.margin, of: clock.now())
                {
                    return .adopted(latest)
                }
                let base = latest.user.id == known.user.id ? latest : known
                let session: AuthSession
                do {
                    session = try await backend.refreshSession(refreshToken: base.session.refreshToken)
                } catch let error as AuthError where error.endsSession {
                    try await store.delete()
                    throw error
                }
                var refreshed = base
                refreshed.session = session
                try await store.save(refreshed)
                return .refreshed(refreshed)
            }
        } catch let error as AuthError where error.endsSession {
            logger.notice("the backend ended the session", metadata: ["reason": "\(error)"])
            current = nil
            hub.emit(.signedOut(.sessionEnded(error)))
            throw error
        } catch let error as AuthError {
            logger.warning("refresh failed; the session is kept", metadata: ["error": "\(error)"])
            throw error
        } catch is CancellationError {
            throw AuthError.network("refresh cancelled")
        } catch {
            logger.warning("refresh failed; the session is kept", metadata: ["error": "\(error)"])
            throw AuthError.network("\(error)")
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
            hub.emit(.signedOut(.sessionEnded(error)))
            throw error
        }
    }

    private func rescheduleAutoRefresh() {
        autoRefreshTask?.cancel()
        autoRefreshTask = nil
        guard autoRefreshEnabled, current != nil else { return }
        autoRefreshTask = Task { await self.autoRefreshLoop() }
    }

    private func autoRefreshLoop() async {
        var failures = 0
        while !Task.isCancelled, let known = current {
            let delay = failures == 0
                ? known.session.expiresAt.timeIntervalSince(clock.now()) - policy.autoRefreshLead
                : policy.backoff(afterFailures: failures)
            do {
                try await clock.sleep(.interval(delay))
            } catch {
                return
            }
            guard !Task.isCancelled, let latest = current else { break }
            guard latest.session.expires(within: policy.autoRefreshLead, of: clock.now()) else {
                failures = 0
                continue
            }
            do {
                try await refresh()
                failures = 0
            } catch let error as AuthError where error.endsSession {
                break
            } catch {
                failures += 1
                logger.warning("auto-refresh failed; retrying", metadata: [
                    "attempt": "\(failures)", "retryIn": "\(policy.backoff(afterFailures: failures))s", "error": "\(error)",
                ])
            }
        }
        if !Task.isCancelled { logger.debug("auto-refresh stopped: signed out") }
    }
}

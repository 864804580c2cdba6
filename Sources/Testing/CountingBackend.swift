import AuthData
import AuthDomain
import Foundation

/// An ``AuthBackend`` decorator for tests: counts the refresh requests reaching the backend (the
/// wire, for an in-process engine), holds them at a gate, and injects ``BackendFault``s on the
/// calls an app cares about. Every other call is passed through unchanged.
///
/// ```swift
/// let backend = CountingBackend(wrapping: SupabaseAuthBackend(engine: world.services.supabase), clock: world.clock.clock)
/// backend.inject(.offline, on: .refresh)           // the next refresh fails as with no network
/// backend.inject(.answerLost, on: .refresh)        // the server rotates the token, the app never hears
/// ```
public final class CountingBackend: AuthBackend {
    private struct State: Sendable {
        var spent: [Secret] = []
        var delivered: [AuthSession] = []
        var faults: [BackendCall: [BackendFault]] = [:]
    }

    private let inner: any AuthBackend
    private let clock: AuthClock?
    private let state = Locked(State())
    private let failures = Locked([AuthError]())

    /// Refresh requests pass this gate before reaching the backend: close it to hold a refresh
    /// in flight (to sign out, cancel or refresh again meanwhile).
    public let refreshGate = TestGate()

    /// Creates a decorator.
    /// - Parameters:
    ///   - inner: The backend that answers.
    ///   - clock: The clock a ``BackendFault/slow(seconds:)`` answer waits on (`nil`: such a fault
    ///     does not wait).
    public init(wrapping inner: any AuthBackend, clock: AuthClock? = nil) {
        self.inner = inner
        self.clock = clock
    }

    /// How many refresh requests were made, failed ones included.
    public var refreshCount: Int { state.withLock { $0.spent.count } }

    /// The refresh tokens sent, in order.
    public var spentRefreshTokens: [Secret] { state.withLock { $0.spent } }

    /// The sessions the backend answered refreshes with, in order (lost answers included).
    public var deliveredSessions: [AuthSession] { state.withLock { $0.delivered } }

    /// Makes the next `count` calls of a kind meet `fault`, in the order injected.
    /// - Parameters:
    ///   - fault: What happens.
    ///   - call: Which calls.
    ///   - count: How many of them.
    public func inject(_ fault: BackendFault, on call: BackendCall, count: Int = 1) {
        state.withLock { $0.faults[call, default: []].append(contentsOf: Array(repeating: fault, count: count)) }
    }

    /// Makes the next `count` refresh requests fail with `error` before reaching the backend.
    /// - Parameters:
    ///   - count: How many requests fail.
    ///   - error: What they throw.
    public func failNextRefreshes(_ count: Int, with error: AuthError) {
        failures.withLock { $0.append(contentsOf: Array(repeating: error, count: count)) }
    }

    private func nextFault(_ call: BackendCall) -> BackendFault? {
        state.withLock { state in
            guard var queue = state.faults[call], !queue.isEmpty else { return nil }
            let fault = queue.removeFirst()
            state.faults[call] = queue
            return fault
        }
    }

    /// Runs one call through its next fault: fails before the server, waits, or loses the answer.
    private func perform<T: Sendable>(_ call: BackendCall, _ body: () async throws(AuthError) -> T) async throws(AuthError) -> T {
        let fault = nextFault(call)
        switch fault {
        case .offline?, .serverError?: throw fault?.error ?? .network("injected")
        case .slow(let seconds)?:
            let answer = try await body()
            do {
                try await clock?.sleep(.milliseconds(Int64(seconds * 1000)))
            } catch {
                throw .network("cancelled while the answer was on its way")
            }
            return answer
        case .answerLost?:
            _ = try await body()
            throw BackendFault.answerLost.error ?? .network("injected")
        case nil: return try await body()
        }
    }

    public func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession {
        state.withLock { $0.spent.append(refreshToken) }
        let failure = failures.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        await refreshGate.pass()
        if let failure { throw failure }
        return try await perform(.refresh) { () throws(AuthError) -> AuthSession in
            let session = try await inner.refreshSession(refreshToken: refreshToken)
            state.withLock { $0.delivered.append(session) }
            return session
        }
    }

    public func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn {
        try await perform(.signIn) { () throws(AuthError) in try await inner.signIn(with: credential) }
    }

    public func signInAnonymously() async throws(AuthError) -> BackendSignIn {
        try await perform(.signIn) { () throws(AuthError) in try await inner.signInAnonymously() }
    }

    public func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge { try await inner.sendEmailCode(to: email) }

    public func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn {
        try await perform(.signIn) { () throws(AuthError) in try await inner.verifyEmailCode(code, email: email) }
    }

    public func user(accessToken: Secret) async throws(AuthError) -> AuthUser { try await inner.user(accessToken: accessToken) }

    public func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await inner.updateProfile(update, accessToken: accessToken)
    }

    public func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn {
        try await inner.link(credential, accessToken: accessToken)
    }

    public func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await inner.unlink(provider, accessToken: accessToken)
    }

    public func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError) {
        try await perform(.signOut) { () throws(AuthError) in try await inner.signOut(accessToken: accessToken, scope: scope) }
    }

    public func deleteAccount(accessToken: Secret) async throws(AuthError) {
        try await perform(.deleteAccount) { () throws(AuthError) in try await inner.deleteAccount(accessToken: accessToken) }
    }
}

import AuthData
import AuthDomain

/// An ``AuthBackend`` decorator that counts the refresh requests reaching the backend (the
/// wire, for an in-process engine) and can fail the next ones, to simulate a network outage
/// or a server error. Every other call is passed through unchanged.
///
/// ```swift
/// let backend = CountingBackend(wrapping: SupabaseAuthBackend(engine: world.services.supabase))
/// backend.failNextRefreshes(2, with: AuthError.network("offline"))
/// ```
public final class CountingBackend: AuthBackend {
    private struct State: Sendable {
        var spent: [Secret] = []
        var delivered: [AuthSession] = []
        var failures: [AuthError] = []
    }

    private let inner: any AuthBackend
    private let state = Locked(State())

    /// Refresh requests pass this gate before reaching the backend: close it to hold a refresh
    /// in flight.
    public let refreshGate = TestGate()

    /// Creates a decorator.
    /// - Parameter inner: The backend that answers.
    public init(wrapping inner: any AuthBackend) { self.inner = inner }

    /// How many refresh requests were made, failed ones included.
    public var refreshCount: Int { state.withLock { $0.spent.count } }

    /// The refresh tokens sent, in order.
    public var spentRefreshTokens: [Secret] { state.withLock { $0.spent } }

    /// The sessions the backend answered refreshes with, in order.
    public var deliveredSessions: [AuthSession] { state.withLock { $0.delivered } }

    /// Makes the next `count` refresh requests fail with `error` before reaching the backend.
    /// - Parameters:
    ///   - count: How many requests fail.
    ///   - error: What they throw.
    public func failNextRefreshes(_ count: Int, with error: AuthError) {
        state.withLock { $0.failures.append(contentsOf: Array(repeating: error, count: count)) }
    }

    public func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession {
        let failure = state.withLock { state -> AuthError? in
            state.spent.append(refreshToken)
            return state.failures.isEmpty ? nil : state.failures.removeFirst()
        }
        await refreshGate.pass()
        if let failure { throw failure }
        let session = try await inner.refreshSession(refreshToken: refreshToken)
        state.withLock { $0.delivered.append(session) }
        return session
    }

    public func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn { try await inner.signIn(with: credential) }

    public func signInAnonymously() async throws(AuthError) -> BackendSignIn { try await inner.signInAnonymously() }

    public func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge { try await inner.sendEmailCode(to: email) }

    public func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn {
        try await inner.verifyEmailCode(code, email: email)
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
        try await inner.signOut(accessToken: accessToken, scope: scope)
    }

    public func deleteAccount(accessToken: Secret) async throws(AuthError) { try await inner.deleteAccount(accessToken: accessToken) }
}

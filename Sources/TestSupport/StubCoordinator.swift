import AuthDomain

/// An ``AuthenticationCoordinating`` double for view-model tests: answers every sign-in with
/// the scripted outcome or error.
public actor StubCoordinator: AuthenticationCoordinating {
    /// What `signIn` answers.
    public var outcome: Result<SignInOutcome, AuthError>
    /// The credentials received.
    public private(set) var received: [LoginCredential] = []

    /// Creates a double.
    /// - Parameter outcome: The answer.
    public init(outcome: Result<SignInOutcome, AuthError>) { self.outcome = outcome }

    /// Sets the answer.
    public func setOutcome(_ outcome: Result<SignInOutcome, AuthError>) { self.outcome = outcome }

    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        received.append(credential)
        return try outcome.get()
    }

    public func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
    public func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser { throw .notSignedIn }
    public func deleteAccount() async throws(AuthError) { throw .notSignedIn }
    public func signOut(scope: SignOutScope) async throws(AuthError) {}
    public func currentUser() async -> AuthUser? { nil }
    public func currentSession() async -> StoredSession? { nil }
    public func refreshSession() async throws(AuthError) -> AuthSession { throw .notSignedIn }
    public func start() async -> InitialSession? { nil }
    public nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { AsyncStream { $0.finish() } }
}

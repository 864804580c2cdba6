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

    public func signIn(with credential: LoginCredential) async throws -> SignInOutcome {
        received.append(credential)
        return try outcome.get()
    }

    public func link(_ provider: ProviderID) async throws -> AuthenticationResult { throw AuthError.notSignedIn }
    public func signIn(recovering recovery: IDTokenCredential) async throws -> AuthenticationResult { throw AuthError.notSignedIn }
    public func unlink(_ provider: ProviderID) async throws -> AuthUser { throw AuthError.notSignedIn }
    public func deleteAccount() async throws { throw AuthError.notSignedIn }
    public func signOut(scope: SignOutScope) async throws {}
    public func currentUser() async -> AuthUser? { nil }
}

import AuthDomain
import Foundation

/// A coordinator over a book of accounts, as a backend keeps them: a sign-in with a provider
/// creates the account the first time (`isNewUser`) and finds it afterwards; ``deleteAccount()``
/// removes the signed-in account, so the next sign-in creates it again. Deletion can be made to
/// fail, as a backend that refuses it would.
public actor AccountBookCoordinator: AuthenticationCoordinating {
    /// The accounts, by provider.
    public private(set) var accounts: [ProviderID: AuthUser] = [:]
    /// The signed-in user, if any.
    public private(set) var signedIn: AuthUser?
    /// The ids of the accounts deleted so far, in order.
    public private(set) var deleted: [String] = []
    /// Every scope a sign-out was asked with, in order.
    public private(set) var signOuts: [SignOutScope] = []
    private var deletionFailure: AuthError?
    private var nextID = 1

    /// Creates an empty book.
    public init() {}

    /// Makes every later deletion fail with `error` (`nil`: deletions succeed).
    /// - Parameter error: The error.
    public func failDeletions(with error: AuthError?) { deletionFailure = error }

    /// Signs in with the credential's provider, creating its account the first time.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        let provider = credential.provider
        let existing = accounts[provider]
        let user =
            existing
            ?? AuthUser(
                id: "user-\(nextID)", email: "ada@example.com", displayName: "Ada", isEmailVerified: true,
                isAnonymous: provider == .anonymous, providers: provider == .anonymous ? [] : [provider])
        if existing == nil { nextID += 1 }
        accounts[provider] = user
        signedIn = user
        let session = AuthSession(
            accessToken: Secret("access-\(user.id)"), refreshToken: Secret("refresh-\(user.id)"),
            expiresAt: Date(timeIntervalSince1970: 2_000_000_000), userID: user.id)
        return .authenticated(
            AuthenticationResult(
                user: user, credential: AuthCredential(provider: provider), session: session,
                isNewUser: existing == nil))
    }

    /// Deletes the signed-in account and signs out, or fails as told.
    public func deleteAccount() async throws(AuthError) {
        guard let user = signedIn else { throw .notSignedIn }
        if let deletionFailure { throw deletionFailure }
        accounts = accounts.filter { $0.value.id != user.id }
        deleted.append(user.id)
        signedIn = nil
    }

    /// Signs out (the accounts stay).
    public func signOut(scope: SignOutScope) async throws(AuthError) {
        signOuts.append(scope)
        signedIn = nil
    }

    /// The signed-in user.
    public func currentUser() async -> AuthUser? { signedIn }

    /// Not used by these tests.
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
    /// Not used by these tests.
    public func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
    /// Not used by these tests.
    public func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser { throw .notSignedIn }
    /// Not used by these tests.
    public func currentSession() async -> StoredSession? { nil }
    /// Not used by these tests.
    public func refreshSession() async throws(AuthError) -> AuthSession { throw .notSignedIn }
    /// Nothing to restore.
    public func start() async -> InitialSession? { nil }
    /// No events.
    public nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { AsyncStream { $0.finish() } }
}

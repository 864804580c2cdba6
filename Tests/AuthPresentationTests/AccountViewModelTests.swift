import AuthDomain
import AuthPresentation
import AuthTestSupport
import Foundation
import Testing

/// The account screen's model over a coordinator: link, unlink, sign out and delete; a cancelled
/// sheet is silent; a refusal shows the message users see.
@MainActor
@Suite("Account view model")
struct AccountViewModelTests {
    /// A coordinator whose account calls are scripted and recorded.
    private actor AccountCoordinator: AuthenticationCoordinating {
        var user: AuthUser?
        var failure: AuthError?
        private(set) var calls: [String] = []

        init(user: AuthUser?) { self.user = user }

        func fail(with error: AuthError?) { failure = error }

        private func record(_ call: String) throws(AuthError) -> AuthUser {
            calls.append(call)
            if let failure { throw failure }
            guard let user else { throw .notSignedIn }
            return user
        }

        func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult {
            var linked = try record("link \(provider)")
            linked.providers.append(provider)
            user = linked
            let session = StubBackend.session(for: linked.id)
            return AuthenticationResult(user: linked, credential: AuthCredential(provider: provider), session: session, isNewUser: false)
        }

        func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser {
            var unlinked = try record("unlink \(provider)")
            unlinked.providers.removeAll { $0 == provider }
            user = unlinked
            return unlinked
        }

        func deleteAccount() async throws(AuthError) {
            _ = try record("delete")
            user = nil
        }

        func signOut(scope: SignOutScope) async throws(AuthError) {
            _ = try record("signOut \(scope)")
            user = nil
        }

        func currentUser() async -> AuthUser? { user }
        func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome { throw .notHandled }
        func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult { throw .notHandled }
        func currentSession() async -> StoredSession? { nil }
        func refreshSession() async throws(AuthError) -> AuthSession { throw .notSignedIn }
        func start() async -> InitialSession? { nil }
        nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { AsyncStream { $0.finish() } }
    }

    private func makeSUT(providers: [ProviderID] = [.apple]) async -> (AccountViewModel, AccountCoordinator) {
        let user = AuthUser(
            id: "u1", email: "ada@example.com", displayName: "Ada", isEmailVerified: true, isAnonymous: false, providers: providers)
        let coordinator = AccountCoordinator(user: user)
        let model = AccountViewModel(coordinator: coordinator, linkable: [.apple, .google])
        await model.load()
        return (model, coordinator)
    }

    @Test("link adds the provider to the screen; unlink removes it")
    func linkAndUnlink() async {
        let (model, coordinator) = await makeSUT()
        await model.link(.google)
        #expect(model.screen?.providers.map(\.status) == ["Linked", "Linked"])
        await model.unlink(.apple)
        #expect(model.screen?.providers.map(\.provider) == [.google, .apple])
        #expect(model.running == nil && model.errorMessage == nil)
        #expect(await coordinator.calls == ["link google", "unlink apple"])
    }

    @Test("a cancelled link sheet is silent")
    func cancelIsSilent() async {
        let (model, coordinator) = await makeSUT()
        await coordinator.fail(with: .cancelled)
        await model.link(.google)
        #expect(model.errorMessage == nil)
        #expect(model.screen?.providers.map(\.status) == ["Linked", "Not linked"])
    }

    @Test("a refusal shows the message users see, until dismissed")
    func refusal() async {
        let (model, coordinator) = await makeSUT()
        await coordinator.fail(with: .requiresRecentLogin)
        await model.deleteAccount()
        #expect(model.errorMessage == "Please sign in again to confirm")
        #expect(model.user != nil)
        model.dismissError()
        #expect(model.errorMessage == nil)
    }

    @Test("delete and sign-out leave no user on the screen")
    func deleteAndSignOut() async {
        let (deleted, deleting) = await makeSUT()
        await deleted.deleteAccount()
        #expect(deleted.screen == nil)
        #expect(await deleting.calls == ["delete"])
        let (signedOut, signingOut) = await makeSUT()
        await signedOut.signOut()
        #expect(signedOut.screen == nil)
        #expect(await signingOut.calls == ["signOut local"])
    }
}

import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// The app's sign-in step: the destination, and the terms gate for new sign-ups only (the
/// backend's `isNewUser` decides; returning users are never asked).
@Suite("Login use case")
struct LoginUseCaseTests {
    /// A coordinator that records what reaches it and answers with a fixed outcome.
    private actor Coordinator: AuthenticationCoordinating {
        var received: [LoginCredential] = []
        let outcome: SignInOutcome

        init(outcome: SignInOutcome) { self.outcome = outcome }

        nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { AsyncStream { $0.finish() } }
        func start() async -> InitialSession? { nil }
        func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
            received.append(credential)
            return outcome
        }
        func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
        func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
        func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser { throw .notSignedIn }
        func deleteAccount() async throws(AuthError) { throw .notSignedIn }
        func signOut(scope: SignOutScope) async throws(AuthError) {}
        func refreshSession() async throws(AuthError) -> AuthSession { throw .notSignedIn }
        func currentSession() async -> StoredSession? { nil }
        func currentUser() async -> AuthUser? { nil }
    }

    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile {
            UserProfile(displayName: user.displayName, email: user.email)
        }
    }

    private static let user = AuthUser(
        id: "u1", email: "ada@example.com", displayName: "Ada", isEmailVerified: true, isAnonymous: false, providers: [.apple])
    private static let result = AuthenticationResult(
        user: user, credential: AuthCredential(provider: .apple, providerUserID: "001.abc"),
        session: AuthSession(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 2_000_000_000), userID: "u1"),
        isNewUser: true)

    private func makeSUT(requiresTerms: Bool, outcome: SignInOutcome = .authenticated(result)) -> (LoginUseCase, Coordinator) {
        let coordinator = Coordinator(outcome: outcome)
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        return (LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: requiresTerms), coordinator)
    }

    @Test("a signed-in result comes with the router's destination")
    func routed() async throws {
        let (sut, coordinator) = makeSUT(requiresTerms: false)
        #expect(try await sut.execute(with: .social(.apple)) == .signedIn(Self.result, destination: .main))
        #expect(await coordinator.received == [.social(.apple)])
    }

    private func makeBook(requiresTerms: Bool = true) -> (LoginUseCase, AccountBookCoordinator) {
        let book = AccountBookCoordinator()
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        return (LoginUseCase(coordinator: book, router: router, requiresTermsAcceptance: requiresTerms), book)
    }

    private func pending(_ outcome: LoginOutcome) throws -> PendingTermsAcceptance {
        guard case .termsRequired(let pending) = outcome else { throw AuthError.invalidInput("expected termsRequired, got \(outcome)") }
        return pending
    }

    @Test(
        "a new sign-up that did not accept the terms is asked after the backend answers; a returning user is never asked",
        arguments: [LoginCredential.social(.apple), .social(.google), .anonymous])
    func newVersusReturning(credential: LoginCredential) async throws {
        let (sut, book) = makeBook()
        let asked = try pending(try await sut.execute(with: credential, termsAccepted: false))
        #expect(asked.result.isNewUser)
        #expect(await book.currentUser()?.id == asked.result.user.id, "the account exists and is signed in while the question stands")
        guard case .signedIn(let accepted, .main) = try await sut.acceptTerms(for: asked) else {
            Issue.record("accept must route")
            return
        }
        #expect(accepted.user.id == asked.result.user.id)
        guard case .signedIn(let again, .main) = try await sut.execute(with: credential, termsAccepted: false) else {
            Issue.record("a returning user must not be asked")
            return
        }
        #expect(!again.isNewUser)
        #expect(await book.deleted.isEmpty)
    }

    @Test("ticking the box beforehand skips the question for a new sign-up")
    func acceptedBeforehand() async throws {
        let (sut, _) = makeBook()
        guard case .signedIn(let result, .main) = try await sut.execute(with: .social(.apple), termsAccepted: true) else {
            Issue.record("accepted beforehand must sign in")
            return
        }
        #expect(result.isNewUser)
    }

    @Test("declining deletes the new account, so the next try is a new sign-up and is asked again")
    func declineThenRetry() async throws {
        let (sut, book) = makeBook()
        let first = try pending(try await sut.execute(with: .social(.apple), termsAccepted: false))
        try await sut.declineTerms(for: first)
        #expect(await book.deleted == [first.result.user.id])
        #expect(await book.currentUser() == nil)
        let second = try pending(try await sut.execute(with: .social(.apple), termsAccepted: false))
        #expect(second.result.isNewUser)
        #expect(second.result.user.id != first.result.user.id)
    }

    @Test("when the backend will not delete the account, declining signs out and says so in a typed error")
    func declineUndoImpossible() async throws {
        let (sut, book) = makeBook()
        let asked = try pending(try await sut.execute(with: .anonymous, termsAccepted: false))
        await book.failDeletions(with: .backend(BackendError(code: "not_found", message: "no delete function", status: 404)))
        do throws(AuthError) {
            try await sut.declineTerms(for: asked)
            Issue.record("declining must fail when the account cannot be deleted")
        } catch .termsDeclinedAccountKept(let reason) {
            #expect(!reason.isEmpty)
        } catch {
            Issue.record("expected termsDeclinedAccountKept, got \(error)")
        }
        #expect(await book.currentUser() == nil)
        #expect(await book.signOuts == [.local])
        #expect(await book.accounts[.anonymous] != nil, "the account stays")
    }

    @Test("a dismissed sheet during the undo keeps the account and the question")
    func declineCancelled() async throws {
        let (sut, book) = makeBook()
        let asked = try pending(try await sut.execute(with: .social(.apple), termsAccepted: false))
        await book.failDeletions(with: .cancelled)
        await #expect(throws: AuthError.cancelled) { try await sut.declineTerms(for: asked) }
        #expect(await book.currentUser()?.id == asked.result.user.id)
    }

    @Test("an app without the terms gate never asks")
    func noGate() async throws {
        let (sut, _) = makeBook(requiresTerms: false)
        guard case .signedIn = try await sut.execute(with: .social(.google), termsAccepted: false) else {
            Issue.record("no gate must sign in")
            return
        }
    }

    @Test("a sent code is passed on without routing")
    func codeSent() async throws {
        let challenge = EmailCodeChallenge(
            email: "ada@example.com", sentAt: Date(timeIntervalSince1970: 0), resendAvailableAt: Date(timeIntervalSince1970: 60))
        let (sut, _) = makeSUT(requiresTerms: false, outcome: .codeSent(challenge))
        #expect(try await sut.execute(with: .emailCodeRequest(email: "ada@example.com")) == .codeSent(challenge))
    }
}

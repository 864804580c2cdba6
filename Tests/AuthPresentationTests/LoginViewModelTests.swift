import AuthDomain
import AuthPresentation
import AuthTestSupport
import Foundation
import Testing

@MainActor
@Suite("Login view model")
struct LoginViewModelTests {
    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile {
            UserProfile(displayName: user.displayName, email: user.email)
        }
    }

    private struct Membership: MembershipChecking {
        let member: Bool
        func hasOrganisation(_ user: AuthUser) async throws(AuthError) -> Bool { member }
    }

    private static func result(name: String?) -> AuthenticationResult {
        let user = AuthUser(
            id: "u1", email: "ada@example.com", displayName: name, isEmailVerified: true, isAnonymous: false, providers: [.apple])
        return AuthenticationResult(
            user: user, credential: AuthCredential(provider: .apple), session: StubBackend.session(for: "u1"), isNewUser: true)
    }

    private func makeSUT(_ outcome: Result<SignInOutcome, AuthError>, member: Bool? = nil, requiresTerms: Bool = false) -> (
        LoginViewModel, StubCoordinator
    ) {
        let coordinator = StubCoordinator(outcome: outcome)
        let router = PostAuthRouter(profiles: Profiles(), membership: member.map(Membership.init))
        let model = LoginViewModel(login: LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: requiresTerms))
        return (model, coordinator)
    }

    /// Runs `action` and returns every state the model passed through, starting from the
    /// current one.
    private func states(of model: LoginViewModel, during action: () async -> Void) async -> [LoginViewModel.State] {
        var iterator = model.states().makeAsyncIterator()
        var seen = [await iterator.next()!]
        await action()
        while let state = await iterator.next() {
            seen.append(state)
            if case .loading = state { continue }
            break
        }
        return seen
    }

    @Test("success: idle → loading(apple) → success(main)")
    func success() async {
        let (model, _) = makeSUT(.success(.authenticated(Self.result(name: "Ada Lovelace"))))
        #expect(await states(of: model) { await model.signIn(with: .social(.apple)) } == [.idle, .loading(.apple), .success(.main)])
        #expect(model.lastResult?.user.id == "u1")
    }

    @Test("a cancelled sheet returns to idle without a message")
    func cancel() async {
        let (model, _) = makeSUT(.failure(.cancelled))
        #expect(await states(of: model) { await model.signIn(with: .social(.apple)) } == [.idle, .loading(.apple), .idle])
    }

    @Test(
        "each failure shows the message users see",
        arguments: [
            (AuthError.network("timeout"), "Connection failed, please try again"),
            (AuthError.invalidIdentityToken("bad signature"), "Authentication failed, please try again"),
            (AuthError.nonceMismatch, "Authentication failed, please try again"),
            (AuthError.missingNonce, "Authentication failed, please try again"),
            (AuthError.missingIdentityToken, "Authentication failed, please try again"),
            (
                AuthError.backend(BackendError(code: "signup_disabled", message: "Signups not allowed for this instance", status: 422)),
                "Signups not allowed for this instance"
            ),
            (AuthError.rateLimited(retryAfter: 42), "Too many attempts, please try again in 42 seconds"),
            (AuthError.codeExpired, "That code has expired, please request a new one"),
            (AuthError.accountDisabled, "This account has been disabled"),
        ])
    func errorMessages(error: AuthError, message: String) async {
        let (model, _) = makeSUT(.failure(error))
        #expect(await states(of: model) { await model.signIn(with: .social(.apple)) } == [.idle, .loading(.apple), .error(message)])
    }

    @Test("an incomplete profile goes to onboarding with the known email")
    func onboarding() async {
        let (model, _) = makeSUT(.success(.authenticated(Self.result(name: nil))))
        await model.signIn(with: .social(.apple))
        #expect(model.state == .success(.onboarding(OnboardingPrefill(name: nil, email: "ada@example.com"))))
    }

    @Test("no organisation goes to the pending invitation")
    func pendingInvitation() async {
        let (model, _) = makeSUT(.success(.authenticated(Self.result(name: "Ada"))), member: false)
        await model.signIn(with: .social(.apple))
        #expect(model.state == .success(.pendingInvitation))
    }

    @Test("email flow: loading → awaitingEmailCode; a wrong code shows an error and can be retried; the right one succeeds")
    func emailFlow() async {
        let challenge = EmailCodeChallenge(email: "ada@example.com", sentAt: Date(timeIntervalSince1970: 0))
        let (model, coordinator) = makeSUT(.success(.codeSent(challenge)))
        #expect(
            await states(of: model) { await model.signIn(with: .emailCodeRequest(email: "ada@example.com")) }
                == [.idle, .loading(.emailCode), .awaitingEmailCode(email: "ada@example.com")])
        await coordinator.setOutcome(.failure(.codeInvalid))
        await model.submitCode("000000")
        #expect(model.state == .error("That code is not valid, please check it and try again"))
        await coordinator.setOutcome(.success(.authenticated(Self.result(name: "Ada"))))
        await model.submitCode("123456")
        #expect(model.state == .success(.main))
        #expect(await coordinator.received.last == .emailCode(email: "ada@example.com", code: "123456"))
    }

    private func bookModel() -> (LoginViewModel, AccountBookCoordinator) {
        let book = AccountBookCoordinator()
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        return (LoginViewModel(login: LoginUseCase(coordinator: book, router: router, requiresTermsAcceptance: true)), book)
    }

    @Test("a new account that did not tick the box waits in termsRequired; accept goes on to success")
    func termsAccept() async {
        let (model, book) = bookModel()
        #expect(await states(of: model) { await model.signIn(with: .social(.apple)) } == [.idle, .loading(.apple), .termsRequired(.apple)])
        #expect(model.awaitsTermsAnswer)
        await model.signIn(with: .social(.google))
        #expect(model.state == .termsRequired(.apple), "no other sign-in starts while the question stands")
        model.reset()
        #expect(model.state == .termsRequired(.apple), "reset does not skip the question")
        await model.acceptTerms()
        #expect(model.state == .success(.main))
        #expect(!model.awaitsTermsAnswer)
        #expect(await book.deleted.isEmpty)
    }

    @Test("decline deletes the new account and goes back to idle; the next try is new and asked again")
    func termsDecline() async {
        let (model, book) = bookModel()
        await model.signIn(with: .anonymous)
        #expect(model.state == .termsRequired(.anonymous))
        await model.declineTerms()
        #expect(model.state == .idle)
        #expect(!model.awaitsTermsAnswer)
        #expect(await book.deleted.count == 1)
        await model.signIn(with: .anonymous)
        #expect(model.state == .termsRequired(.anonymous))
    }

    @Test("a returning user is never asked, even on a device that never signed in; the box ticked beforehand skips the question")
    func termsReturningAndTicked() async {
        let (model, _) = bookModel()
        model.termsAccepted = true
        await model.signIn(with: .social(.google))
        #expect(model.state == .success(.main))
        let (other, book) = bookModel()
        _ = try? await book.signIn(with: .social(.google))
        await other.signIn(with: .social(.google))
        #expect(other.state == .success(.main))
    }

    @Test("an undo the backend refuses ends in an error, signed out, with nothing pending")
    func termsDeclineRefused() async {
        let (model, book) = bookModel()
        await model.signIn(with: .social(.apple))
        await book.failDeletions(with: .network("offline"))
        await model.declineTerms()
        #expect(model.state == .error("You declined the terms, but your new account could not be removed; you have been signed out"))
        #expect(!model.awaitsTermsAnswer)
        #expect(await book.currentUser() == nil)
    }

    @Test("a sheet dismissed during the undo leaves the question standing")
    func termsDeclineCancelled() async {
        let (model, book) = bookModel()
        await model.signIn(with: .social(.apple))
        await book.failDeletions(with: .cancelled)
        await model.declineTerms()
        #expect(model.state == .termsRequired(.apple))
        #expect(model.awaitsTermsAnswer)
    }
}

import AuthDomain
import AuthPresentation
import AuthTestSupport
import Foundation
import Testing

/// The sign-in screen's decisions: which buttons show, which one loads, when they are disabled,
/// the terms gate for new sign-ups only, and the alert (never for a cancelled sheet).
@MainActor
@Suite("Sign-in screen decisions")
struct SignInScreenStateTests {
    private static let all = SignInOptions(methods: [.apple, .google, .emailCode, .guest], requiresTerms: true)

    private func screen(
        _ state: LoginViewModel.State = .idle, options: SignInOptions = all, terms: Bool = false, returning: Bool = false,
        email: String = "ada@example.com"
    ) -> SignInScreenState {
        SignInScreenState(
            options: options, state: state, termsAccepted: terms, isReturningUser: returning, email: email, pendingCodeEmail: nil)
    }

    @Test("the buttons are the app's methods, in its order, duplicates dropped")
    func buttonsFollowOptions() {
        let options = SignInOptions(methods: [.google, .apple, .google], requiresTerms: false)
        #expect(screen(options: options).buttons.map(\.method) == [.google, .apple])
        #expect(screen(options: options).buttons.map(\.accessibilityLabel) == ["Sign in with Google", "Sign in with Apple"])
        #expect(!screen(options: options).showsEmailField)
        #expect(screen().showsEmailField)
    }

    @Test("a new sign-up sees the terms checkbox; the buttons do not wait for it (a new account is asked afterwards)")
    func termsGateNewUsers() {
        let unticked = screen()
        #expect(unticked.terms == TermsCheckbox(isAccepted: false, isDisabled: false))
        #expect(unticked.terms?.accessibilityValue == "Not accepted")
        #expect(unticked.buttons.filter { $0.method != .emailCode }.allSatisfy { !$0.isDisabled && $0.disabledReason == nil })
        #expect(unticked.termsQuestion == nil)
        let ticked = screen(terms: true)
        #expect(ticked.terms?.accessibilityValue == "Accepted")
        #expect(ticked.buttons.allSatisfy { !$0.isDisabled && $0.disabledReason == nil })
    }

    @Test("a returning user sees no checkbox and no button waits for it")
    func termsLeaveReturningUsersAlone() {
        let returning = screen(returning: true)
        #expect(returning.terms == nil)
        #expect(returning.buttons.allSatisfy { !$0.isDisabled })
    }

    @Test("an app without terms shows no checkbox")
    func noTerms() {
        #expect(screen(options: SignInOptions(methods: [.apple], requiresTerms: false)).terms == nil)
    }

    @Test(
        "only the running provider's button loads; the others wait, and so does the checkbox",
        arguments: [SignInMethod.apple, .google, .emailCode, .guest])
    func perProviderLoading(_ running: SignInMethod) {
        let loading = screen(.loading(running.provider), terms: true)
        for button in loading.buttons {
            #expect(button.isLoading == (button.method == running))
            #expect(button.isDisabled)
            #expect(button.disabledReason == (button.method == running ? nil : SignInScreenState.busyDisabledReason))
        }
        #expect(loading.buttons.first { $0.method == running }?.accessibilityLabel == running.loadingLabel)
        #expect(loading.terms?.isDisabled == true)
    }

    @Test(
        "the email button waits for something that looks like an address",
        arguments: [
            ("", false), ("ada", false), ("ada@", false), ("@example.com", false), ("a b@example.com", false),
            ("a@b@example.com", false), (" ada@example.com ", true), ("ada@example.com", true),
        ])
    func emailButton(_ email: String, enabled: Bool) {
        let button = screen(terms: true, email: email).buttons.first { $0.method == .emailCode }
        #expect(button?.isDisabled == !enabled)
        #expect(button?.disabledReason == (enabled ? nil : SignInScreenState.emailDisabledReason))
        #expect(screen(terms: true, email: email).buttons.filter { $0.method != .emailCode }.allSatisfy { !$0.isDisabled })
    }

    @Test(
        "Verify waits for 6 to 10 digits (GoTrue internal/conf/configuration.go, MAILER_OTP_LENGTH)",
        arguments: [
            ("", false), ("12345", false), ("123456", true), (" 123456 ", true), ("1234567890", true), ("12345678901", false),
            ("12345a", false), ("١٢٣٤٥٦", false),
        ])
    func codeSubmission(_ code: String, enabled: Bool) {
        #expect(SignInScreenState.canSubmitCode(code) == enabled)
    }

    @Test("an error is an alert with the message users see; idle has none")
    func alert() {
        #expect(screen(.error("Connection failed, please try again")).alert == SignInAlert(message: "Connection failed, please try again"))
        #expect(screen(.error("x")).alert?.title == "Couldn't sign in")
        #expect(screen(.idle).alert == nil)
    }

    @Test("a sent code shows the code screen for that address")
    func codeScreen() {
        #expect(screen(.awaitingEmailCode(email: "ada@example.com")).codeEmail == "ada@example.com")
        #expect(screen(.idle).codeEmail == nil)
    }

    @Test("a cancelled sheet is silent: back to idle, no alert, no button loading")
    func cancelIsSilent() async {
        let coordinator = StubCoordinator(outcome: .failure(.cancelled))
        let model = LoginViewModel(login: unroutedLogin(coordinator))
        await model.signIn(with: .social(.apple))
        let after = SignInScreenState(options: Self.all, model: model, email: "")
        #expect(model.state == .idle)
        #expect(after.alert == nil)
        #expect(after.buttons.allSatisfy { !$0.isLoading })
        #expect(await coordinator.received == [.social(.apple)])
    }

    @Test("termsRequired shows the question naming the provider, and no alert")
    func termsQuestion() {
        let asked = screen(.termsRequired(.google))
        #expect(asked.termsQuestion == TermsQuestion(provider: .google))
        #expect(asked.termsQuestion?.message.contains("Google") == true)
        #expect(asked.alert == nil)
        #expect(screen(.idle).termsQuestion == nil)
    }

    @Test("the view model asks only when the backend reports a new account, whatever the device remembers")
    func returningUserPassesGate() async {
        let coordinator = StubCoordinator(
            outcome: .success(
                .authenticated(
                    AuthenticationResult(
                        user: AuthUser(
                            id: "u1", email: nil, displayName: nil, isEmailVerified: false, isAnonymous: false, providers: [.google]),
                        credential: AuthCredential(provider: .google), session: StubBackend.session(for: "u1"), isNewUser: true))))
        let deviceSaysReturning = LoginViewModel(login: unroutedLogin(coordinator, requiresTerms: true))
        deviceSaysReturning.isReturningUser = true
        await deviceSaysReturning.signIn(with: .social(.google))
        #expect(deviceSaysReturning.state == .termsRequired(.google))
        let screen = SignInScreenState(options: Self.all, model: deviceSaysReturning, email: "")
        #expect(screen.termsQuestion == TermsQuestion(provider: .google))
    }

    @Test("dismissing a wrong code's error goes back to the code screen; other errors go back to idle")
    func dismissError() async {
        let challenge = EmailCodeChallenge(email: "ada@example.com", sentAt: Date(timeIntervalSince1970: 0))
        let coordinator = StubCoordinator(outcome: .success(.codeSent(challenge)))
        let model = LoginViewModel(login: unroutedLogin(coordinator))
        await model.signIn(with: .emailCodeRequest(email: "ada@example.com"))
        await coordinator.setOutcome(.failure(.codeInvalid))
        await model.submitCode("000000")
        #expect(model.state == .error("That code is not valid, please check it and try again"))
        #expect(SignInScreenState(options: Self.all, model: model, email: "").codeEmail == "ada@example.com")
        model.dismissError()
        #expect(model.state == .awaitingEmailCode(email: "ada@example.com"))
        model.reset()
        #expect(model.pendingCodeEmail == nil)
    }
}

/// A profile repository with nothing in it (these tests never reach the router).
struct NoProfiles: ProfileRepository {
    func profile(for user: AuthUser) async throws(AuthError) -> UserProfile { UserProfile(displayName: nil, email: nil) }
}

/// A login use case over a stub coordinator, with a router that is never reached.
func unroutedLogin(_ coordinator: StubCoordinator, requiresTerms: Bool = false) -> LoginUseCase {
    let router = PostAuthRouter(profiles: NoProfiles(), membership: nil)
    return LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: requiresTerms)
}

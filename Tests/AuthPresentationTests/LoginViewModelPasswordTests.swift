import AuthDomain
import AuthPresentation
import AuthTestSupport
import Foundation
import Testing

/// The view model's password steps: a sign-up waiting for its confirmation asks for the mailed
/// code; a recovery waits for the code and the new password, and a wrong code can be retried.
@MainActor
@Suite("Login view model: passwords")
struct LoginViewModelPasswordTests {
    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile {
            UserProfile(displayName: user.displayName, email: user.email)
        }
    }

    private static let challenge = EmailCodeChallenge(email: "ada@example.com", sentAt: Date(timeIntervalSince1970: 0))

    private func makeSUT(_ outcome: Result<SignInOutcome, AuthError>) -> (LoginViewModel, StubCoordinator) {
        let coordinator = StubCoordinator(outcome: outcome)
        let login = LoginUseCase(
            coordinator: coordinator, router: PostAuthRouter(profiles: Profiles(), membership: nil), requiresTermsAcceptance: false)
        return (LoginViewModel(login: login), coordinator)
    }

    @Test("a sign-up waiting for its confirmation asks for the mailed code, which goes out as an email code")
    func confirmation() async {
        let (model, coordinator) = makeSUT(.success(.mailSent(Self.challenge, kind: .signUpConfirmation)))
        await model.signIn(with: .passwordSignUp(PasswordSignUp(email: "ada@example.com", password: "pass phrase 1")))
        #expect(model.state == .awaitingEmailCode(email: "ada@example.com"))
        await model.submitCode("123456")
        #expect(await coordinator.received.last == .emailCode(email: "ada@example.com", code: "123456"))
    }

    @Test("a recovery waits for the code and a new password; a wrong code shows its message and can be retried")
    func recovery() async {
        let (model, coordinator) = makeSUT(.success(.mailSent(Self.challenge, kind: .passwordRecovery)))
        await model.signIn(with: .passwordRecovery(email: "ada@example.com"))
        #expect(model.state == .awaitingPasswordReset(email: "ada@example.com"))

        await coordinator.setOutcome(.failure(.codeInvalid))
        await model.resetPassword(code: "000000", newPassword: "pass phrase 2")
        #expect(model.state == .error(AuthErrorMessages().message(for: .codeInvalid)!))
        await model.resetPassword(code: "123456", newPassword: "pass phrase 2")
        let reset = PasswordReset(email: "ada@example.com", proof: .code("123456"), newPassword: "pass phrase 2")
        #expect(await coordinator.received.last == .passwordReset(reset))
    }

    @Test("weak passwords and wrong credentials get their own words")
    func messages() {
        let messages = AuthErrorMessages()
        #expect(messages.message(for: .weakPassword(reasons: ["length"], message: "")) == "Please choose a longer password")
        #expect(messages.message(for: .weakPassword(reasons: ["length", "pwned"], message: ""))?.contains("known") == true)
        #expect(messages.message(for: .invalidLoginCredentials) == "The email or password is not right")
    }

    @Test("an account that exists with a password: the state names its ways in, and the password sign-in links the refused identity")
    func accountExists() async throws {
        let pending = PendingLink(
            email: "ada@example.com", providers: [.password],
            credential: IDTokenCredential(provider: .apple, idToken: "", pendingToken: "pending-token-value"))
        let (model, coordinator) = makeSUT(.failure(.accountExists(pending)))
        await model.signIn(with: .social(.apple))
        #expect(model.state == .accountExists(email: "ada@example.com", providers: [.password]))

        await coordinator.setOutcome(.failure(.invalidLoginCredentials))
        await model.signIn(with: .password(email: "ada@example.com", password: "pass phrase 1"))
        #expect(await coordinator.received.last == .passwordLinking(email: "ada@example.com", password: "pass phrase 1", link: pending))
        await model.signIn(with: .password(email: "ada@example.com", password: "pass phrase 2"))
        #expect(await coordinator.received.last == .passwordLinking(email: "ada@example.com", password: "pass phrase 2", link: pending))
    }
}

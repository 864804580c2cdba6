import AuthDomain
import AuthPresentation
import AuthTestSupport
import Foundation
import Testing

/// `LoginViewModel` with a second factor: `.awaitingSecondFactor` after a first factor, a wrong
/// code keeps the step with its message, a right one signs in. The step-up here is scripted;
/// `SecondFactorLoginContractTests` runs the same flow on the Supabase backends.
@MainActor
@Suite("Login view model: second factor")
struct LoginViewModelSecondFactorTests {
    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile { UserProfile(displayName: "Ada", email: user.email) }
    }

    /// Accepts "123456" only, and records the codes it was given.
    private actor ScriptedStepUp: SecondFactorStepUp {
        let factor = SecondFactor(id: "f1", friendlyName: "iPhone", isVerified: true)
        private(set) var codes: [String] = []

        func pendingSecondFactor(after result: AuthenticationResult) async throws(AuthError) -> PendingSecondFactor? {
            PendingSecondFactor(factors: [factor], provider: result.credential.provider, proof: .session(result))
        }

        func verify(code: Secret, factorID: String, for pending: PendingSecondFactor) async throws(AuthError) -> AuthenticationResult {
            codes.append(code.revealed)
            guard code.revealed == "123456", factorID == factor.id, case .session(var result) = pending.proof else {
                throw .backend(BackendError(code: "mfa_verification_failed", message: "Invalid TOTP code entered", status: 422))
            }
            result.session.assuranceLevel = .aal2
            return result
        }
    }

    private func makeSUT() -> (LoginViewModel, ScriptedStepUp) {
        let user = AuthUser(
            id: "u1", email: "ada@example.com", displayName: "Ada", isEmailVerified: true, isAnonymous: false,
            providers: [.apple])
        let result = AuthenticationResult(
            user: user, credential: AuthCredential(provider: .apple),
            session: StubBackend.session(for: "u1"), isNewUser: false)
        let stepUp = ScriptedStepUp()
        let login = LoginUseCase(
            coordinator: StubCoordinator(outcome: .success(.authenticated(result))),
            router: PostAuthRouter(profiles: Profiles(), membership: nil),
            requiresTermsAcceptance: false, secondFactor: stepUp)
        return (LoginViewModel(login: login), stepUp)
    }

    @Test("a first factor of a user with a verified factor waits for the code")
    func awaitsCode() async {
        let (model, _) = makeSUT()
        await model.signIn(with: .social(.apple))
        let factor = SecondFactor(id: "f1", friendlyName: "iPhone", isVerified: true)
        #expect(model.state == .awaitingSecondFactor(factors: [factor], error: nil))
        #expect(model.pendingSecondFactors?.map(\.id) == ["f1"])
        #expect(model.lastResult == nil, "not signed in until the code")
    }

    @Test("a wrong code keeps the step with a message; the right one signs in with aal2")
    func wrongThenRight() async {
        let (model, stepUp) = makeSUT()
        await model.signIn(with: .social(.apple))
        await model.submitSecondFactorCode("000000")
        guard case .awaitingSecondFactor(let factors, let error) = model.state else {
            Issue.record("left the step: \(model.state)")
            return
        }
        #expect(factors.map(\.id) == ["f1"] && error == "Invalid TOTP code entered")

        await model.submitSecondFactorCode("123456")
        #expect(model.state == .success(.main))
        #expect(model.lastResult?.session.isAAL2 == true)
        #expect(model.pendingSecondFactors == nil)
        #expect(await stepUp.codes == ["000000", "123456"])
    }

    @Test("a code outside the step is ignored; reset leaves it")
    func ignoredOutsideTheStep() async {
        let (model, stepUp) = makeSUT()
        await model.submitSecondFactorCode("123456")
        let codes = await stepUp.codes
        #expect(model.state == .idle && codes.isEmpty)
        await model.signIn(with: .social(.apple))
        model.reset()
        #expect(model.state == .idle && model.pendingSecondFactors == nil)
    }
}

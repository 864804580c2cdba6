import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// A sign-in that needs a second factor, through `LoginUseCase` and the coordinator: an Apple
/// sign-in of a user with a verified TOTP factor answers ``LoginOutcome/secondFactorRequired(_:)``
/// (supabase-swift `AuthMFA.getAuthenticatorAssuranceLevel`: the next level is `aal2` once a factor
/// is verified; GoTrue internal/models/sessions.go `CalculateAALAndAMR`), a wrong code leaves the
/// `aal1` session and the step, the right one keeps the `aal2` session, and a refresh keeps
/// `aal2` (GoTrue internal/api/mfa.go `verifyTOTPFactor`, internal/api/token.go).
@Suite("Contract: sign-in with a second factor")
struct SecondFactorLoginContractTests {
    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile { UserProfile(displayName: "Ada", email: user.email) }
    }

    @Test("Apple, then a wrong and a right TOTP code, then a refresh that keeps aal2", arguments: SecondFactorContractTests.flavors)
    func signInWithSecondFactor(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let factors = try #require(sut.backend.backend as? any SecondFactorBackend)
        let stepUp = BackendSecondFactorStepUp(factors: factors, sessions: sut.coordinator.sessions)
        let login = LoginUseCase(coordinator: sut.coordinator, router: PostAuthRouter(profiles: Profiles(), membership: nil),
                                 requiresTermsAcceptance: false, secondFactor: stepUp)

        guard case .signedIn(let first, _) = try await login.execute(with: .social(.apple)) else {
            Issue.record("a user without factors is signed in at once")
            return
        }
        let enrollment = try await factors.enrollTOTP(friendlyName: "iPhone", issuer: nil, session: first.session)
        let code = try TOTP().code(for: enrollment.secret, at: sut.backend.clock.now)
        _ = try await factors.verifySecondFactor(enrollment.factor.id, code: Secret(code), session: first.session)
        try await sut.coordinator.signOut(scope: .local)
        sut.backend.clock.advance(by: 30)

        guard case .secondFactorRequired(let pending) = try await login.execute(with: .social(.apple)) else {
            Issue.record("a user with a verified factor waits for a code")
            return
        }
        #expect(pending.factors.map(\.id) == [enrollment.factor.id] && pending.provider == .apple)
        #expect(await sut.coordinator.currentSession()?.session.assuranceLevel == .aal1, "the aal1 session is kept meanwhile")

        let wrong = code == "000000" ? "111111" : "000000"
        await #expect(throws: AuthError.self) {
            try await login.verifySecondFactor(code: Secret(wrong), factorID: enrollment.factor.id, for: pending)
        }
        #expect(await sut.coordinator.currentSession()?.session.assuranceLevel == .aal1)

        let right = try TOTP().code(for: enrollment.secret, at: sut.backend.clock.now)
        guard case .signedIn(let raised, .main) = try await login.verifySecondFactor(code: Secret(right), factorID: enrollment.factor.id,
                                                                                       for: pending) else {
            Issue.record("the right code signs in")
            return
        }
        #expect(raised.session.isAAL2 && raised.user.id == first.user.id && !raised.isNewUser)
        #expect(await sut.coordinator.currentSession()?.session.isAAL2 == true)
        sut.backend.clock.advance(by: 1800)
        #expect(try await sut.coordinator.refreshSession().isAAL2, "a refresh keeps aal2")
        #expect(try await stepUp.pendingSecondFactor(after: raised) == nil, "an aal2 session needs nothing more")
    }
}

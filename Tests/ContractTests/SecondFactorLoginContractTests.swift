import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// A sign-in that needs a second factor, through `LoginUseCase` and the coordinator, on both
/// backends: an Apple sign-in of a user with a TOTP factor answers
/// ``LoginOutcome/secondFactorRequired(_:)``. On Supabase the proof is the `aal1` session, kept
/// meanwhile (supabase-swift `AuthMFA.getAuthenticatorAssuranceLevel`: the next level is `aal2`
/// once a factor is verified; GoTrue internal/models/sessions.go `CalculateAALAndAMR`); on
/// Firebase it is the `mfaPendingCredential`, and nothing is kept (Google's reference for
/// `accounts.mfaSignIn`; firebase-tools src/emulator/auth/operations.ts `signInWithIdp`). A wrong
/// code leaves the step standing, the right one keeps the `aal2` session, and a refresh keeps
/// `aal2` (GoTrue internal/api/mfa.go `verifyTOTPFactor`, internal/api/token.go; Secure Token keeps
/// `firebase.sign_in_second_factor`).
@Suite("Contract: sign-in with a second factor")
struct SecondFactorLoginContractTests {
    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile { UserProfile(displayName: "Ada", email: user.email) }
    }

    @Test("Apple, then a wrong and a right TOTP code, then a refresh that keeps aal2", arguments: BackendFlavor.allCases)
    func signInWithSecondFactor(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let factors = try #require(sut.backend.backend as? any SecondFactorBackend)
        let stepUp = BackendSecondFactorStepUp(factors: factors, sessions: sut.coordinator.sessions)
        let login = LoginUseCase(
            coordinator: sut.coordinator, router: PostAuthRouter(profiles: Profiles(), membership: nil),
            requiresTermsAcceptance: false, secondFactor: stepUp)

        guard case .signedIn(let first, _) = try await login.execute(with: .social(.apple)) else {
            Issue.record("a user without factors is signed in at once")
            return
        }
        #expect(first.session.assuranceLevel == .aal1)
        let enrollment = try await factors.enrollTOTP(friendlyName: "iPhone", issuer: nil, session: first.session)
        let code = try TOTP().code(for: enrollment.secret, at: sut.backend.clock.now)
        let enrolled = try await factors.verifySecondFactor(enrollment.factor.id, code: Secret(code), session: first.session)
        #expect(enrolled.isAAL2, "the first code of a factor raises the session that enrolled it")
        let listed = try await factors.secondFactors(session: enrolled)
        #expect(listed.map(\.friendlyName) == ["iPhone"] && listed.map(\.isVerified) == [true])
        let factorID = try #require(listed.first?.id)
        try await sut.coordinator.signOut(scope: .local)
        sut.backend.clock.advance(by: 30)

        guard case .secondFactorRequired(let pending) = try await login.execute(with: .social(.apple)) else {
            Issue.record("a user with a verified factor waits for a code")
            return
        }
        #expect(pending.factors.map(\.id) == [factorID] && pending.provider == .apple && pending.user.id == first.user.id)
        try await expectWaiting(pending, sut: sut)

        let wrong = code == "000000" ? "111111" : "000000"
        await #expect(throws: AuthError.self) {
            try await login.verifySecondFactor(code: Secret(wrong), factorID: factorID, for: pending)
        }
        try await expectWaiting(pending, sut: sut)

        let right = try TOTP().code(for: enrollment.secret, at: sut.backend.clock.now)
        guard
            case .signedIn(let raised, .main) = try await login.verifySecondFactor(
                code: Secret(right), factorID: factorID,
                for: pending)
        else {
            Issue.record("the right code signs in")
            return
        }
        #expect(raised.session.isAAL2 && raised.user.id == first.user.id && !raised.isNewUser)
        #expect(await sut.coordinator.currentSession()?.session.isAAL2 == true)
        sut.backend.clock.advance(by: 1800)
        #expect(try await sut.coordinator.refreshSession().isAAL2, "a refresh keeps aal2")
        #expect(try await stepUp.pendingSecondFactor(after: raised) == nil, "an aal2 session needs nothing more")
    }

    /// What is kept while the code is awaited: Supabase's `aal1` session, or nothing on Firebase.
    private func expectWaiting(_ pending: PendingSecondFactor, sut: LifecycleHarness) async throws {
        let kept = await sut.coordinator.currentSession()
        switch pending.proof {
        case .session:
            #expect(sut.backend.flavor.traits.secondFactorKeepsFirstSession)
            #expect(kept?.session.assuranceLevel == .aal1, "the aal1 session is kept meanwhile")
        case .pendingCredential(let credential, _):
            #expect(!sut.backend.flavor.traits.secondFactorKeepsFirstSession)
            #expect(kept == nil, "no session before the code")
            #expect(!"\(pending)".contains(credential.revealed), "the pending credential never prints")
        }
    }
}

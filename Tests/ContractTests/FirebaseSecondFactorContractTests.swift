import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Firebase's second factor through the ``SecondFactorBackend`` port, on the in-process adapter
/// and the REST adapter over the emulator, with the request shapes of firebase-ios-sdk's
/// `TOTPMultiFactorGenerator` (Google's reference for `accounts.mfaEnrollment` and
/// `accounts.mfaSignIn`; the checks of firebase-tools src/emulator/auth/operations.ts
/// `mfaEnrollmentFinalize`, `mfaSignInFinalize`): enrolment answers the secret and a key URI, a
/// wrong code leaves the enrolment open, the right one enrols and raises the session; a sign-in
/// then answers a pending credential, a wrong or reused code leaves it standing, the right one
/// gives `aal2` tokens a refresh keeps; withdrawing the factor ends the second step.
@Suite("Contract: Firebase second factor (TOTP)")
struct FirebaseSecondFactorContractTests {
    @Test(
        "enrol, sign in with a pending credential, retry a wrong code, refresh keeps aal2, withdraw",
        arguments: [BackendFlavor.firebaseInProcess, .firebaseREST])
    func enrolAndSignIn(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let factors = try #require(sut.backend as? any SecondFactorBackend)
        let signIn = try await sut.backend.signIn(with: try await sut.appleCredential().0)
        #expect(signIn.session.assuranceLevel == .aal1)

        let enrollment = try await factors.enrollTOTP(friendlyName: "iPhone", issuer: nil, session: signIn.session)
        let project = sut.world.services.configuration.firebaseProjectID
        #expect(enrollment.issuer == project && enrollment.accountName == "ada@example.com" && enrollment.qrCodeSVG == nil)
        #expect(enrollment.uri.revealed.hasPrefix("otpauth://totp/\(project):ada@example.com?secret=\(enrollment.secret.revealed)&"))
        #expect(!"\(enrollment)".contains(enrollment.secret.revealed), "the secret never prints")
        #expect(try await factors.secondFactors(session: signIn.session).isEmpty, "nothing is enrolled before :finalize")

        let code = try TOTP().code(for: enrollment.secret, at: sut.clock.now)
        await sut.expectFailure(
            "INVALID_CODE",
            {
                try await factors.verifySecondFactor(
                    enrollment.factor.id, code: Secret(code == "000000" ? "111111" : "000000"), session: signIn.session)
            }
        ) { "\($0)".contains("INVALID_CODE") }
        let raised = try await factors.verifySecondFactor(enrollment.factor.id, code: Secret(code), session: signIn.session)
        #expect(raised.isAAL2 && raised.userID == signIn.user.id)
        let listed = try await factors.secondFactors(session: raised)
        #expect(listed.map(\.friendlyName) == ["iPhone"] && listed.map(\.isVerified) == [true])
        let factorID = try #require(listed.first?.id)

        let pending = await secondFactorStep(signingIn: try await sut.appleCredential().0, on: sut.backend)
        let step = try #require(pending, "a user with a factor gets no tokens from the first factor")
        #expect(step.factors.map(\.id) == [factorID] && step.provider == .apple && step.user.id == signIn.user.id)
        await sut.expectFailure(
            "INVALID_CODE for the enrolment's code",
            {
                try await factors.completeSecondFactorSignIn(factorID, code: Secret(code), pending: step)
            }
        ) { "\($0)".contains("INVALID_CODE") }
        await sut.expectFailure(
            "MFA_ENROLLMENT_NOT_FOUND",
            {
                try await factors.completeSecondFactorSignIn("unknown", code: Secret(code), pending: step)
            }
        ) { "\($0)".contains("MFA_ENROLLMENT_NOT_FOUND") }

        sut.clock.advance(by: 30)
        let next = try TOTP().code(for: enrollment.secret, at: sut.clock.now)
        let finished = try await factors.completeSecondFactorSignIn(factorID, code: Secret(next), pending: step)
        #expect(finished.session.isAAL2 && finished.user.id == signIn.user.id && finished.user.email == "ada@example.com")
        await sut.expectFailure(
            "INVALID_MFA_PENDING_CREDENTIAL once taken",
            {
                try await factors.completeSecondFactorSignIn(factorID, code: Secret(next), pending: step)
            }
        ) { "\($0)".contains("INVALID_MFA_PENDING_CREDENTIAL") }

        sut.clock.advance(by: 1800)
        #expect(try await sut.backend.refreshSession(refreshToken: finished.session.refreshToken).isAAL2, "a refresh keeps aal2")

        try await factors.removeSecondFactor(factorID, session: finished.session)
        #expect(try await factors.secondFactors(session: finished.session).isEmpty)
        await sut.expectFailure("MFA_ENROLLMENT_NOT_FOUND", { try await factors.removeSecondFactor(factorID, session: finished.session) }) {
            "\($0)".contains("MFA_ENROLLMENT_NOT_FOUND")
        }
        let plain = try await sut.backend.signIn(with: try await sut.appleCredential().0)
        #expect(plain.session.assuranceLevel == .aal1, "without a factor the first factor signs in")
    }

    @Test("a Supabase-style step (an aal1 session) is not a Firebase pending credential", arguments: [BackendFlavor.firebaseInProcess])
    func sessionProofRefused(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let factors = try #require(sut.backend as? any SecondFactorBackend)
        let signIn = try await sut.backend.signIn(with: try await sut.appleCredential().0)
        let result = AuthenticationResult(
            user: signIn.user, credential: AuthCredential(provider: .apple), session: signIn.session, isNewUser: false)
        let step = PendingSecondFactor(factors: [], provider: .apple, proof: .session(result))
        await sut.expectFailure("invalidInput", { try await factors.completeSecondFactorSignIn("f", code: "123456", pending: step) }) {
            if case .invalidInput = $0 { true } else { false }
        }
    }

    /// The pending step a first factor answers, or `nil` when it signed in or failed otherwise.
    private func secondFactorStep(signingIn credential: IDTokenCredential, on backend: any AuthBackend) async -> PendingSecondFactor? {
        do {
            _ = try await backend.signIn(with: credential)
            return nil
        } catch {
            guard case .secondFactorRequired(let pending) = error else { return nil }
            return pending
        }
    }
}

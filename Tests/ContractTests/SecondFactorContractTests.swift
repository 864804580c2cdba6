import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// A second factor through the ``SecondFactorBackend`` port: sign in with Apple, enrol TOTP,
/// step up with a code, refresh and keep `aal2` (GoTrue internal/api/mfa.go `verifyTOTPFactor`,
/// internal/models/sessions.go `CalculateAALAndAMR`), on the in-process adapter and the REST
/// adapter over the emulator. Firebase raises no existing session (its code is taken at sign-in),
/// so its flavours are in `FirebaseSecondFactorContractTests`.
@Suite("Contract: second factor (TOTP)")
struct SecondFactorContractTests {
    static let flavors: [BackendFlavor] = [.supabaseInProcess, .supabaseREST]

    @Test("Apple sign-in, TOTP enrolment and step-up to aal2, a refresh keeps aal2", arguments: flavors)
    func stepUpAndRefresh(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let factors = try #require(sut.backend as? any SecondFactorBackend)
        let (credential, _) = try await sut.appleCredential()
        let signIn = try await sut.backend.signIn(with: credential)
        #expect(signIn.session.assuranceLevel == .aal1 && !signIn.session.isAAL2)

        let enrollment = try await factors.enrollTOTP(friendlyName: "iPhone", issuer: "AuthCoordinator", session: signIn.session)
        #expect(enrollment.issuer == "AuthCoordinator" && enrollment.accountName == "ada@example.com")
        #expect(enrollment.uri.revealed.hasPrefix("otpauth://totp/") && enrollment.qrCodeSVG?.hasPrefix("<?xml") == true)
        #expect(!"\(enrollment)".contains(enrollment.secret.revealed), "the secret never prints")
        #expect(try await factors.secondFactors(session: signIn.session) == [enrollment.factor])

        let code = try TOTP().code(for: enrollment.secret, at: sut.clock.now)
        let raised = try await factors.verifySecondFactor(enrollment.factor.id, code: Secret(code), session: signIn.session)
        #expect(raised.isAAL2 && raised.userID == signIn.user.id)
        #expect(try await factors.secondFactors(session: raised).map(\.isVerified) == [true])

        sut.clock.advance(by: 1800)
        let refreshed = try await sut.backend.refreshSession(refreshToken: raised.refreshToken)
        #expect(refreshed.isAAL2, "a refresh keeps aal2")

        let again = try await sut.backend.signIn(with: try await sut.appleCredential().0)
        #expect(again.session.assuranceLevel == .aal1, "a new first-factor sign-in is aal1 until the step-up")
        await sut.expectFailure("insufficient_aal", { try await factors.removeSecondFactor(enrollment.factor.id, session: again.session) })
        {
            "\($0)".contains("insufficient_aal")
        }
        await sut.expectFailure(
            "mfa_verification_failed",
            {
                try await factors.verifySecondFactor(enrollment.factor.id, code: Secret(code), session: again.session)
            }
        ) { "\($0)".contains("mfa_verification_failed") }
        sut.clock.advance(by: 30)
        let next = try TOTP().code(for: enrollment.secret, at: sut.clock.now)
        let stepped = try await factors.verifySecondFactor(enrollment.factor.id, code: Secret(next), session: again.session)
        try await factors.removeSecondFactor(enrollment.factor.id, session: stepped)
        #expect(try await factors.secondFactors(session: stepped).isEmpty)
    }
}

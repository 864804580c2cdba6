import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The project's `mfa` config through the admin v2 `config` (`mfa.state`,
/// `mfa.providerConfigs[].totpProviderConfig.adjacentIntervals`, as the Admin SDKs'
/// `MultiFactorConfig` and `TotpMultiFactorProviderConfig` send them; Google's reference for
/// `projects.updateConfig`) and the emulator's config API: a `DISABLED` state refuses `:start`
/// with `OPERATION_NOT_ALLOWED` and lets a user with a factor sign in with tokens (firebase-tools
/// src/emulator/auth/operations.ts `mfaEnrollmentStart`, `isMfaEnabled`); `adjacentIntervals` is
/// the skew of the codes.
@Suite("Emulator: Firebase project MFA config")
struct FirebaseMFAConfigRouteTests {
    private func adminConfig(_ sut: EmulatorHarness, _ json: String?, mask: String = "mfa") async -> EmulatorResponse {
        let path = "/identitytoolkit.googleapis.com/admin/v2/projects/\(sut.project)/config"
        guard let json else { return await sut.send("GET", path, headers: ["authorization": "Bearer owner"]) }
        return await sut.send("PATCH", path + "?updateMask=\(mask)", json: json, headers: ["authorization": "Bearer owner"])
    }

    private func start(_ sut: EmulatorHarness, _ idToken: String) async -> EmulatorResponse {
        await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=test-key",
            json: #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
    }

    /// Signs in with an email link (a verified email); answers the whole sign-in response.
    private func emailLink(_ sut: EmulatorHarness, _ email: String = "ada@example.com") async throws -> EmulatorResponse {
        _ = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)","continueUrl":"http://localhost"}"#)
        let code = try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
        return await sut.firebase("accounts:signInWithEmailLink", json: #"{"email":"\#(email)","oobCode":"\#(code)"}"#)
    }

    /// Enrols a TOTP factor for a new email-link user; answers its secret.
    private func enrolledUser(_ sut: EmulatorHarness) async throws -> Secret {
        let idToken = try #require(try await emailLink(sut).object["idToken"]?.stringValue)
        let info = try #require(await start(sut, idToken).object["totpSessionInfo"]?.objectValue)
        let secret = Secret(try #require(info["sharedSecretKey"]?.stringValue))
        let sessionInfo = try #require(info["sessionInfo"]?.stringValue)
        let code = try TOTP().code(for: secret, at: sut.world.clock.now)
        let body = #"{"idToken":"\#(idToken)","totpVerificationInfo":{"sessionInfo":"\#(sessionInfo)","verificationCode":"\#(code)"}}"#
        let finalized = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize?key=test-key", json: body)
        #expect(finalized.status == 200)
        return secret
    }

    @Test("TOTP is on by default; DISABLED refuses enrolment and lets an enrolled user sign in with tokens; ENABLED again stops it")
    func state() async throws {
        let sut = try await EmulatorHarness.make()
        let initial = await adminConfig(sut, nil).object["mfa"]?.objectValue
        #expect(initial?["state"]?.stringValue == "ENABLED")
        let provider = initial?["providerConfigs"]?.arrayValue?.first?.objectValue
        #expect(provider?["totpProviderConfig"]?.objectValue?["adjacentIntervals"]?.intValue == 1)

        _ = try await enrolledUser(sut)
        sut.world.clock.advance(by: 61) // Identity Toolkit mails one address at most once a minute
        #expect(try await emailLink(sut).object["mfaPendingCredential"] != nil, "an enrolled user stops at the second factor")

        let disabled = await adminConfig(sut, #"{"mfa":{"state":"DISABLED"}}"#)
        #expect(disabled.object["mfa"]?.objectValue?["state"]?.stringValue == "DISABLED")
        sut.world.clock.advance(by: 61)
        let plain = try await emailLink(sut)
        #expect(plain.object["idToken"] != nil && plain.object["mfaPendingCredential"] == nil, "no second step while MFA is disabled")
        let other = try #require(try await emailLink(sut, "grace@example.com").object["idToken"]?.stringValue)
        #expect(await start(sut, other).firebaseMessage == "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.")

        let emulator = await sut.send("PATCH", "/emulator/v1/projects/\(sut.project)/config", json: #"{"mfa":{"state":"MANDATORY"}}"#)
        #expect(emulator.object["mfa"]?.objectValue?["state"]?.stringValue == "MANDATORY")
        sut.world.clock.advance(by: 61)
        #expect(try await emailLink(sut).object["mfaPendingCredential"] != nil)
        #expect(await start(sut, other).object["totpSessionInfo"] != nil)

        let totpOff = #"{"mfa":{"providerConfigs":[{"state":"DISABLED","totpProviderConfig":{}}]}}"#
        #expect(await adminConfig(sut, totpOff).status == 200)
        #expect(await start(sut, other).firebaseMessage == "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.")
    }

    @Test("adjacentIntervals is the codes' skew: 0 refuses last step's code, 2 takes one two steps old; outside 0-10 is INVALID_CONFIG")
    func adjacentIntervals() async throws {
        let sut = try await EmulatorHarness.make()
        for bad in ["11", "-1", "\"2\""] {
            let body = #"{"mfa":{"providerConfigs":[{"state":"ENABLED","totpProviderConfig":{"adjacentIntervals":\#(bad)}}]}}"#
            #expect(await adminConfig(sut, body).firebaseMessage?.hasPrefix("INVALID_CONFIG") == true, "adjacentIntervals \(bad)")
        }
        #expect(await adminConfig(sut, #"{"mfa":{"state":"SOMETIMES"}}"#).firebaseMessage?.hasPrefix("INVALID_CONFIG") == true)

        let secret = try await enrolledUser(sut)
        let strict = #"{"mfa":{"providerConfigs":[{"state":"ENABLED","totpProviderConfig":{"adjacentIntervals":0}}]}}"#
        #expect(await adminConfig(sut, strict).status == 200)
        sut.world.clock.advance(by: 90)
        let signIn = try await emailLink(sut)
        let pending = try #require(signIn.object["mfaPendingCredential"]?.stringValue)
        let factor = try #require(signIn.object["mfaInfo"]?.arrayValue?.first?.objectValue?["mfaEnrollmentId"]?.stringValue)
        let previous = try TOTP().code(for: secret, at: sut.world.clock.now.addingTimeInterval(-30))
        func finalize(_ code: String) async -> EmulatorResponse {
            await sut.send(
                "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize?key=test-key",
                json: #"""
                    {"mfaPendingCredential":"\#(pending)","mfaEnrollmentId":"\#(factor)","totpVerificationInfo":{"verificationCode":"\#
                    \#(code)"}}
                    """#)
        }
        #expect(await finalize(previous).firebaseMessage == "INVALID_CODE", "no skew with adjacentIntervals 0")
        let lenient = #"{"mfa":{"providerConfigs":[{"state":"ENABLED","totpProviderConfig":{"adjacentIntervals":2}}]}}"#
        #expect(await adminConfig(sut, lenient).status == 200)
        let older = try TOTP().code(for: secret, at: sut.world.clock.now.addingTimeInterval(-60))
        #expect(await finalize(older).status == 200, "two steps of skew with adjacentIntervals 2")
    }
}

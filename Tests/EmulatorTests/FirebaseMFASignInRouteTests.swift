import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// A first-factor sign-in of a user with an enrolled TOTP factor answers `mfaPendingCredential`
/// and `mfaInfo` without tokens; v2 `accounts/mfaSignIn:start` / `:finalize` with
/// `totpVerificationInfo` answer the tokens (Google's reference for `accounts.mfaSignIn` and
/// `accounts.signInWithIdp`'s `mfaPendingCredential`, `mfaInfo`; the checks and codes of
/// firebase-tools `src/emulator/auth/operations.ts` `mfaSignInStart`, `mfaSignInFinalize`).
@Suite("Emulator: Firebase TOTP sign-in (v2 mfaSignIn)")
struct FirebaseMFASignInRouteTests {
    private func v2(_ sut: EmulatorHarness, _ path: String, _ json: String) async -> EmulatorResponse {
        await sut.send("POST", "/identitytoolkit.googleapis.com/v2/accounts/\(path)?key=test-key", json: json)
    }

    private func apple(_ sut: EmulatorHarness) async throws -> EmulatorResponse {
        let (token, nonce) = try await sut.appleToken()
        return await sut.firebase(
            "accounts:signInWithIdp",
            json: #"""
                {"requestUri":"http://localhost","postBody":"providerId=apple.com&id_token=\#(token)&nonce=\#(nonce)","returnSecureTok\#
                en":true}
                """#)
    }

    private func code(_ sut: EmulatorHarness, _ secret: Secret) throws -> String { try TOTP().code(for: secret, at: sut.world.clock.now) }

    /// Signs in with Apple and enrols a TOTP factor: its secret and id.
    private func enrolled(_ sut: EmulatorHarness) async throws -> (secret: Secret, id: String) {
        let idToken = try #require(try await apple(sut).object["idToken"]?.stringValue)
        let info = try #require(
            await v2(sut, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
                .object["totpSessionInfo"]?.objectValue)
        let secret = Secret(try #require(info["sharedSecretKey"]?.stringValue))
        let session = try #require(info["sessionInfo"]?.stringValue)
        let done = await v2(
            sut, "mfaEnrollment:finalize",
            #"""
            {"idToken":"\#(idToken)","totpVerificationInfo":{"sessionInfo":"\#(session)","verificationCode":"\#(try code(sut, secret))\#
            "}}
            """#
        )
        let token = try CompactJWS(parsing: try #require(done.object["idToken"]?.stringValue))
        let factor = token.payload["firebase"]?.objectValue?["second_factor_identifier"]?.stringValue
        return (secret, try #require(factor))
    }

    private func finalize(_ sut: EmulatorHarness, _ credential: String, _ id: String, _ code: String) async -> EmulatorResponse {
        await v2(
            sut, "mfaSignIn:finalize",
            #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(id)","totpVerificationInfo":{"verificationCode":"\#(code)"}}"#)
    }

    @Test("Apple sign-in, TOTP step-up, refresh keeps the second factor; codes are used once")
    func stepUp() async throws {
        let sut = try await EmulatorHarness.make()
        let (secret, id) = try await enrolled(sut)
        let first = try await apple(sut)
        #expect(first.status == 200 && first.object["idToken"] == nil && first.object["refreshToken"] == nil)
        let credential = try #require(first.object["mfaPendingCredential"]?.stringValue)
        let factor = try #require(first.object["mfaInfo"]?.arrayValue?.first?.objectValue)
        #expect(factor["mfaEnrollmentId"]?.stringValue == id && factor["totpInfo"] == .object([:]))

        #expect(
            await v2(sut, "mfaSignIn:start", #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(id)","totpSignInInfo":{}}"#)
                .status == 200)
        #expect(
            await finalize(sut, credential, id, try code(sut, secret)).firebaseMessage == "INVALID_CODE", "the enrolment's code is spent")
        sut.world.clock.advance(by: 30)
        let right = try code(sut, secret)
        let wrong = String(format: "%06d", (Int(right)! + 1) % 1_000_000)
        #expect(await finalize(sut, credential, id, wrong).firebaseMessage == "INVALID_CODE")
        let signedIn = await finalize(sut, credential, id, right)
        #expect(signedIn.status == 200)
        let claims = try CompactJWS(parsing: try #require(signedIn.object["idToken"]?.stringValue)).payload["firebase"]?.objectValue
        #expect(claims?["sign_in_second_factor"]?.stringValue == "totp" && claims?["second_factor_identifier"]?.stringValue == id)
        #expect(claims?["sign_in_provider"]?.stringValue == "apple.com")
        #expect(await finalize(sut, credential, id, right).firebaseMessage == "INVALID_MFA_PENDING_CREDENTIAL", "a credential is used once")

        let refreshToken = try #require(signedIn.object["refreshToken"]?.stringValue)
        let refreshed = await sut.send(
            "POST", "/securetoken.googleapis.com/v1/token?key=test-key",
            json: #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#)
        let again = try CompactJWS(parsing: try #require(refreshed.object["id_token"]?.stringValue)).payload["firebase"]?.objectValue
        #expect(again?["sign_in_second_factor"]?.stringValue == "totp" && again?["second_factor_identifier"]?.stringValue == id)
    }

    @Test("a password sign-in of a user with a factor answers mfaPendingCredential and mfaInfo, no tokens")
    func passwordFirstFactor() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        _ = await sut.firebaseAdmin("accounts", json: #"{"email":"ada@example.com","password":"correct horse","emailVerified":true}"#)
        let signIn = #"{"email":"ada@example.com","password":"correct horse","returnSecureToken":true}"#
        let idToken = try #require(await sut.firebase("accounts:signInWithPassword", json: signIn).object["idToken"]?.stringValue)
        let info = try #require(
            await v2(sut, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
                .object["totpSessionInfo"]?.objectValue)
        let secret = Secret(try #require(info["sharedSecretKey"]?.stringValue))
        let session = try #require(info["sessionInfo"]?.stringValue)
        let enrolled = await v2(
            sut, "mfaEnrollment:finalize",
            #"""
            {"idToken":"\#(idToken)","totpVerificationInfo":{"sessionInfo":"\#(session)","verificationCode":"\#(try code(sut, secret))\#
            "}}
            """#
        )
        #expect(enrolled.status == 200)

        let first = await sut.firebase("accounts:signInWithPassword", json: signIn)
        #expect(first.status == 200 && first.object["idToken"] == nil && first.object["refreshToken"] == nil)
        let credential = try #require(first.object["mfaPendingCredential"]?.stringValue)
        let id = try #require(first.object["mfaInfo"]?.arrayValue?.first?.objectValue?["mfaEnrollmentId"]?.stringValue)
        sut.world.clock.advance(by: 30)
        let signedIn = await finalize(sut, credential, id, try code(sut, secret))
        let claims = try CompactJWS(parsing: try #require(signedIn.object["idToken"]?.stringValue)).payload["firebase"]?.objectValue
        #expect(claims?["sign_in_provider"]?.stringValue == "password" && claims?["sign_in_second_factor"]?.stringValue == "totp")
    }

    @Test("missing, unknown and expired credentials, unknown factors and bad codes get Google's codes")
    func badInput() async throws {
        let sut = try await EmulatorHarness.make()
        let (secret, id) = try await enrolled(sut)
        let credential = try #require(try await apple(sut).object["mfaPendingCredential"]?.stringValue)
        #expect(
            await v2(sut, "mfaSignIn:start", #"{"mfaEnrollmentId":"\#(id)"}"#).firebaseMessage
                == "MISSING_MFA_PENDING_CREDENTIAL : Request does not have MFA pending credential.")
        #expect(
            await v2(sut, "mfaSignIn:start", #"{"mfaPendingCredential":"nope","mfaEnrollmentId":"\#(id)"}"#).firebaseMessage
                == "INVALID_MFA_PENDING_CREDENTIAL")
        #expect(
            await v2(sut, "mfaSignIn:start", #"{"mfaPendingCredential":"\#(credential)"}"#).firebaseMessage
                == "MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        #expect(
            await v2(sut, "mfaSignIn:start", #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"nope"}"#).firebaseMessage
                == "MFA_ENROLLMENT_NOT_FOUND")
        #expect(await finalize(sut, "", id, "123456").firebaseMessage == "MISSING_CREDENTIAL : Please set MFA Pending Credential.")
        #expect(await finalize(sut, credential, id, "").firebaseMessage == "MISSING_CODE")
        sut.world.clock.advance(by: 30)
        #expect(await finalize(sut, credential, id, "12a456").firebaseMessage == "INVALID_CODE")
        #expect(await finalize(sut, credential, id, "1234567").firebaseMessage == "INVALID_CODE")
        sut.world.clock.advance(by: 271)
        #expect(
            await finalize(sut, credential, id, try code(sut, secret)).firebaseMessage == "INVALID_MFA_PENDING_CREDENTIAL",
            "expired after 300 s")
    }

    @Test("an email-link sign-in of a user with a factor answers mfaPendingCredential and mfaInfo, no tokens; the code finishes it")
    func emailLink() async throws {
        let sut = try await EmulatorHarness.make()
        let (secret, id) = try await enrolled(sut)
        let email = "ada@example.com"
        _ = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)","continueUrl":"http://localhost"}"#)
        let oobCode = try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
        let first = await sut.firebase("accounts:signInWithEmailLink", json: #"{"email":"\#(email)","oobCode":"\#(oobCode)"}"#)
        #expect(first.status == 200 && first.object["idToken"] == nil && first.object["refreshToken"] == nil)
        #expect(first.object["mfaInfo"]?.arrayValue?.first?.objectValue?["mfaEnrollmentId"]?.stringValue == id)
        let credential = try #require(first.object["mfaPendingCredential"]?.stringValue)
        sut.world.clock.advance(by: 30)
        let signedIn = await finalize(sut, credential, id, try code(sut, secret))
        let claims = try CompactJWS(parsing: try #require(signedIn.object["idToken"]?.stringValue)).payload["firebase"]?.objectValue
        #expect(claims?["sign_in_provider"]?.stringValue == "password" && claims?["sign_in_second_factor"]?.stringValue == "totp")
    }
}

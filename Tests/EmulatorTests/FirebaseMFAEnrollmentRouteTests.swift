import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Identity Toolkit v2 `accounts/mfaEnrollment:start`, `:finalize` and `:withdraw` with TOTP
/// (Google's reference for `accounts.mfaEnrollment`: `totpEnrollmentInfo`, `totpSessionInfo`,
/// `totpVerificationInfo`; the checks and codes of firebase-tools `src/emulator/auth/operations.ts`
/// `mfaEnrollmentStart`, `mfaEnrollmentFinalize`, `mfaEnrollmentWithdraw`; the ID token's
/// `firebase.sign_in_second_factor` and `second_factor_identifier` as operations.ts `issueTokens`).
@Suite("Emulator: Firebase TOTP enrolment (v2 mfaEnrollment)")
struct FirebaseMFAEnrollmentRouteTests {
    private func v2(_ sut: EmulatorHarness, _ method: String, _ json: String) async -> EmulatorResponse {
        await sut.send("POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:\(method)?key=test-key", json: json)
    }

    /// An ID token of a user signed in with an email link (a verified email).
    private func emailLinkUser(_ sut: EmulatorHarness, _ email: String = "ada@example.com") async throws -> String {
        _ = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)","continueUrl":"http://localhost"}"#)
        let code = try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
        let signIn = await sut.firebase("accounts:signInWithEmailLink", json: #"{"email":"\#(email)","oobCode":"\#(code)"}"#)
        return try #require(signIn.object["idToken"]?.stringValue)
    }

    private func start(_ sut: EmulatorHarness, _ idToken: String) async throws -> (secret: Secret, sessionInfo: String) {
        let started = await v2(sut, "start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
        let info = try #require(started.object["totpSessionInfo"]?.objectValue)
        return (Secret(try #require(info["sharedSecretKey"]?.stringValue)), try #require(info["sessionInfo"]?.stringValue))
    }

    private func finalize(_ sut: EmulatorHarness, _ idToken: String, _ sessionInfo: String, code: String) async -> EmulatorResponse {
        await v2(
            sut, "finalize",
            #"""
            {"idToken":"\#(idToken)","displayName":"Authenticator","totpVerificationInfo":{"sessionInfo":"\#(sessionInfo)","verificati\#
            onCode":"\#(code)"}}
            """#)
    }

    private func lookup(_ sut: EmulatorHarness, _ idToken: String) async -> JSONObject? {
        await sut.firebase("accounts:lookup", json: #"{"idToken":"\#(idToken)"}"#).object["users"]?.arrayValue?.first?.objectValue
    }

    @Test("start answers a SHA1, 6-digit, 30 s secret; a right code enrols it, listed in lookup's mfaInfo; withdraw removes it")
    func enrolAndWithdraw() async throws {
        let sut = try await EmulatorHarness.make()
        let idToken = try await emailLinkUser(sut)
        let started = await v2(sut, "start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
        let info = try #require(started.object["totpSessionInfo"]?.objectValue)
        #expect(info["verificationCodeLength"]?.intValue == 6 && info["periodSec"]?.intValue == 30)
        #expect(info["hashingAlgorithm"]?.stringValue == "SHA1" && info["finalizeEnrollmentTime"]?.stringValue != nil)
        let secret = Secret(try #require(info["sharedSecretKey"]?.stringValue))
        let sessionInfo = try #require(info["sessionInfo"]?.stringValue)
        let code = try TOTP().code(for: secret, at: sut.world.clock.now)
        let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)

        #expect(await finalize(sut, idToken, sessionInfo, code: wrong).firebaseMessage == "INVALID_CODE")
        #expect(await finalize(sut, idToken, sessionInfo, code: "12ab56").firebaseMessage == "INVALID_CODE")
        #expect(await finalize(sut, idToken, sessionInfo, code: "1234567").firebaseMessage == "INVALID_CODE")
        #expect(await lookup(sut, idToken)?["mfaInfo"] == nil)
        let enrolled = await finalize(sut, idToken, sessionInfo, code: code)
        #expect(enrolled.status == 200 && enrolled.object["refreshToken"]?.stringValue != nil)
        let newToken = try #require(enrolled.object["idToken"]?.stringValue)
        let firebase = try #require(try CompactJWS(parsing: newToken).payload["firebase"]?.objectValue)
        #expect(firebase["sign_in_second_factor"]?.stringValue == "totp")
        #expect(firebase["sign_in_provider"]?.stringValue == "password", "an email link signs in as `password`")

        let factors = try #require(await lookup(sut, newToken)?["mfaInfo"]?.arrayValue)
        #expect(factors.count == 1)
        let factor = try #require(factors.first?.objectValue)
        let id = try #require(factor["mfaEnrollmentId"]?.stringValue)
        #expect(firebase["second_factor_identifier"]?.stringValue == id)
        #expect(factor["displayName"]?.stringValue == "Authenticator" && factor["totpInfo"] == .object([:]))
        #expect(factor["enrolledAt"]?.stringValue != nil && factor["sharedSecretKey"] == nil)
        #expect(await finalize(sut, idToken, sessionInfo, code: code).firebaseMessage == "INVALID_SESSION_INFO", "a session is used once")
        let localId = try #require(await lookup(sut, newToken)?["localId"]?.stringValue)
        let admin = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/accounts:lookup",
            json: #"{"localId":["\#(localId)"]}"#, headers: ["authorization": "Bearer owner"])
        #expect(admin.object["users"]?.arrayValue?.first?.objectValue?["mfaInfo"]?.arrayValue?.count == 1, "the admin lookup lists it too")

        #expect(
            await v2(sut, "withdraw", #"{"idToken":"\#(newToken)","mfaEnrollmentId":"nope"}"#).firebaseMessage == "MFA_ENROLLMENT_NOT_FOUND"
        )
        let withdrawn = await v2(sut, "withdraw", #"{"idToken":"\#(newToken)","mfaEnrollmentId":"\#(id)"}"#)
        #expect(withdrawn.status == 200 && withdrawn.object["idToken"]?.stringValue != nil)
        #expect(await lookup(sut, newToken)?["mfaInfo"] == nil)
    }

    @Test("anonymous and unverified users, a missing totpEnrollmentInfo or idToken are refused with Google's codes")
    func refusals() async throws {
        let sut = try await EmulatorHarness.make()
        let guest = try #require(await sut.firebase("accounts:signUp", json: #"{"returnSecureToken":true}"#).object["idToken"]?.stringValue)
        #expect(
            await v2(sut, "start", #"{"idToken":"\#(guest)","totpEnrollmentInfo":{}}"#).firebaseMessage
                == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
        #expect(await v2(sut, "start", #"{"totpEnrollmentInfo":{}}"#).firebaseMessage == "MISSING_ID_TOKEN")
        #expect(await v2(sut, "start", #"{"idToken":"x","totpEnrollmentInfo":{}}"#).firebaseMessage == "INVALID_ID_TOKEN")

        let idToken = try await emailLinkUser(sut)
        #expect(
            await v2(sut, "start", #"{"idToken":"\#(idToken)"}"#).firebaseMessage == "INVALID_ARGUMENT : ((Missing totpEnrollmentInfo.))")
        let localId = try #require(await lookup(sut, idToken)?["localId"]?.stringValue)
        let unverify = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(sut.project)/accounts:update",
            json: #"{"localId":"\#(localId)","emailVerified":false}"#, headers: ["authorization": "Bearer owner"])
        #expect(unverify.status == 200)
        #expect(
            await v2(sut, "start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#).firebaseMessage
                == "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
    }

    @Test("a session expires, belongs to its user, and a user has at most five factors")
    func sessionsAndLimit() async throws {
        let sut = try await EmulatorHarness.make()
        let ada = try await emailLinkUser(sut)
        let grace = try await emailLinkUser(sut, "grace@example.com")
        let stale = try await start(sut, ada)
        let other = try await start(sut, ada)
        #expect(
            await finalize(sut, grace, other.sessionInfo, code: try TOTP().code(for: other.secret, at: sut.world.clock.now)).firebaseMessage
                == "INVALID_SESSION_INFO")
        #expect(await finalize(sut, ada, "", code: "123456").firebaseMessage == "MISSING_SESSION_INFO")
        #expect(await finalize(sut, ada, other.sessionInfo, code: "").firebaseMessage == "MISSING_CODE")
        sut.world.clock.advance(by: 301)
        #expect(
            await finalize(sut, ada, stale.sessionInfo, code: try TOTP().code(for: stale.secret, at: sut.world.clock.now)).firebaseMessage
                == "SESSION_EXPIRED")

        let fresh = try await emailLinkUser(sut)
        for _ in 0..<5 {
            let session = try await start(sut, fresh)
            #expect(
                await finalize(sut, fresh, session.sessionInfo, code: try TOTP().code(for: session.secret, at: sut.world.clock.now)).status
                    == 200)
        }
        #expect(
            await v2(sut, "start", #"{"idToken":"\#(fresh)","totpEnrollmentInfo":{}}"#).firebaseMessage == "SECOND_FACTOR_LIMIT_EXCEEDED")
    }
}

import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The emulator's `GET /mfa/codes/{backend}` (neither service has it: it stands in for the
/// authenticator app, as `/mailbox` and firebase-tools' `/emulator/v1/projects/{p}/oobCodes` for
/// the inbox): only the bearer's own factors, the token checked as GoTrue `requireAuthentication`
/// (internal/api/auth.go) and Identity Toolkit's `idToken` checks (firebase-tools
/// `src/emulator/auth/operations.ts`) check it.
@Suite("Emulator: the current TOTP codes of the bearer's own factors")
struct TOTPCodesRouteTests {
    private func codes(_ sut: EmulatorHarness, _ backend: String, bearer: String?, query: String = "") async -> EmulatorResponse {
        await sut.send("GET", "/mfa/codes/\(backend)\(query)", headers: bearer.map { ["authorization": "Bearer \($0)"] } ?? [:])
    }

    private func entries(_ response: EmulatorResponse) -> [JSONObject] {
        (response.object["codes"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    @Test("Supabase: the bearer's factors with their codes, verified or not; another user sees none; no token is 401")
    func supabase() async throws {
        let sut = try await EmulatorHarness.passwords(autoconfirm: true).sut
        func signUp(_ email: String) async throws -> String {
            let response = await sut.supabase("POST", "signup", json: #"{"email":"\#(email)","password":"correct horse"}"#)
            return try #require(response.object["access_token"]?.stringValue, "\(response.object)")
        }
        let ada = try await signUp("ada@example.com")
        let grace = try await signUp("grace@example.com")
        let enrolled = await sut.supabase(
            "POST", "factors", json: #"{"factor_type":"totp","friendly_name":"phone","issuer":"example.com"}"#, bearer: ada)
        let factorID = try #require(enrolled.object["id"]?.stringValue)
        let secret = Secret(try #require(enrolled.object["totp"]?.objectValue?["secret"]?.stringValue))

        let own = await codes(sut, "supabase", bearer: ada)
        #expect(own.status == 200)
        let entry = try #require(entries(own).first)
        #expect(entries(own).count == 1 && entry["factorId"]?.stringValue == factorID && entry["verified"] == .bool(false))
        #expect(entry["code"]?.stringValue == (try TOTP().code(for: secret, at: sut.world.clock.now)))
        #expect((1...30).contains(entry["secondsLeft"]?.intValue ?? 0))
        #expect(!own.text.contains(secret.revealed), "the secret itself never leaves")

        #expect(entries(await codes(sut, "supabase", bearer: grace)).isEmpty, "another user's factors are not shown")
        let anonymous = await codes(sut, "supabase", bearer: nil)
        #expect(anonymous.status == 401 && anonymous.object["code"]?.stringValue == "no_authorization")
        let forged = await codes(sut, "supabase", bearer: "not.a.jwt")
        #expect(forged.status == 403 || forged.status == 401)
        #expect(forged.object["codes"] == nil)
        #expect(await codes(sut, "github", bearer: ada).status == 404)
    }

    @Test("Firebase: an enrolment waiting for :finalize, then the enrolled factor; a bad token or project is refused")
    func firebase() async throws {
        let sut = try await EmulatorHarness.make()
        _ = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"ada@example.com","continueUrl":"http://localhost"}"#)
        let oob = try #require(await sut.world.services.mailbox.messages(for: "ada@example.com").last?.code)
        let signIn = await sut.firebase("accounts:signInWithEmailLink", json: #"{"email":"ada@example.com","oobCode":"\#(oob)"}"#)
        let idToken = try #require(signIn.object["idToken"]?.stringValue)
        let started = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=test-key",
            json: #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
        let info = try #require(started.object["totpSessionInfo"]?.objectValue)
        let secret = Secret(try #require(info["sharedSecretKey"]?.stringValue))
        let sessionInfo = try #require(info["sessionInfo"]?.stringValue)
        let code = try TOTP().code(for: secret, at: sut.world.clock.now)

        let waiting = try #require(entries(await codes(sut, "firebase", bearer: idToken)).first)
        #expect(waiting["factorId"]?.stringValue == sessionInfo && waiting["verified"] == .bool(false))
        #expect(waiting["code"]?.stringValue == code)
        let finalized = await sut.send(
            "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize?key=test-key",
            json: #"""
                {"idToken":"\#(idToken)","totpVerificationInfo":{"sessionInfo":"\#(sessionInfo)","verificationCode":"\#(code)"}}
                """#)
        #expect(finalized.status == 200, "\(finalized.object)")
        let enrolled = entries(await codes(sut, "firebase", bearer: idToken, query: "?project=\(sut.project)"))
        #expect(enrolled.count == 1 && enrolled.first?["verified"] == .bool(true))
        #expect(enrolled.first?["factorId"]?.stringValue != sessionInfo, "the enrolled factor has its mfaEnrollmentId")

        let missing = await codes(sut, "firebase", bearer: nil)
        #expect(missing.status == 400 && missing.object["codes"] == nil)
        #expect(await codes(sut, "firebase", bearer: idToken, query: "?project=no-such-project").firebaseMessage == "PROJECT_NOT_FOUND")
    }
}

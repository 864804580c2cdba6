import AuthDomain
import AuthEmulator
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The console's user page lists TOTP factors with the code an authenticator app shows now and
/// its seconds left, as the mail page shows mailed codes; never the secret.
@Suite("Console: second factors")
struct ConsoleFactorTests {
    @Test("a factor's current code and seconds left; the session raised by it says totp (aal2); no secret")
    func factorWithCurrentCode() async throws {
        let sut = try await EmulatorHarness.make()
        let session = try await sut.appleSession()
        let bearer = try #require(session["access_token"]?.stringValue)
        let userID = try #require(session["user"]?.objectValue?["id"]?.stringValue)
        let enrolled = await sut.supabase("POST", "factors", json: #"{"factor_type":"totp","friendly_name":"Ada's phone"}"#, bearer: bearer)
        let factorID = try #require(enrolled.object["id"]?.stringValue)
        let secret = Secret(try #require(enrolled.object["totp"]?.objectValue?["secret"]?.stringValue))

        var page = await sut.console("GET", sut.consolePath(supabase: userID))
        let now = sut.world.clock.now
        let code = try TOTP().code(for: secret, at: now)
        #expect(page.text.contains("<h2 id=\"factors\">Second factors</h2>"))
        #expect(page.text.contains("<th scope=\"row\">Ada&#39;s phone</th><td class=\"mono\">\(factorID)</td><td>unverified</td>"))
        #expect(page.text.contains("<td class=\"mono code\">\(code)</td><td>\(TOTP().secondsLeft(at: now)) s</td>"))
        #expect(!page.text.contains(secret.revealed))

        let challenge = await sut.supabase("POST", "factors/\(factorID)/challenge", json: "{}", bearer: bearer)
        let challengeID = try #require(challenge.object["id"]?.stringValue)
        let verified = await sut.supabase(
            "POST", "factors/\(factorID)/verify", json: #"{"challenge_id":"\#(challengeID)","code":"\#(code)"}"#,
            bearer: bearer)
        #expect(verified.status == 200)
        page = await sut.console("GET", sut.consolePath(supabase: userID))
        #expect(page.text.contains("oauth + totp (aal2)"))
        #expect(page.text.contains("<td>verified</td>"))
    }

    @Test("a Firebase user's TOTP factor with its current code (v2 mfaEnrollment); the session it raised says totp; no secret")
    func firebaseFactor() async throws {
        let sut = try await EmulatorHarness.make()
        let email = "ada@example.com"
        _ = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)","continueUrl":"http://localhost"}"#)
        let oobCode = try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
        let signIn = await sut.firebase("accounts:signInWithEmailLink", json: #"{"email":"\#(email)","oobCode":"\#(oobCode)"}"#)
        let idToken = try #require(signIn.object["idToken"]?.stringValue)
        let localId = try #require(signIn.object["localId"]?.stringValue)
        let v2 = "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment"
        let started = await sut.send("POST", "\(v2):start?key=k", json: #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
        let info = try #require(started.object["totpSessionInfo"]?.objectValue)
        let secret = Secret(try #require(info["sharedSecretKey"]?.stringValue))
        let session = try #require(info["sessionInfo"]?.stringValue)
        let now = sut.world.clock.now
        let code = try TOTP().code(for: secret, at: now)
        let finalized = await sut.send(
            "POST", "\(v2):finalize?key=k",
            json: #"""
                {"idToken":"\#(idToken)","displayName":"Ada's phone","totpVerificationInfo":{"sessionInfo":"\#(session)","verification\#
                Code":"\#(code)"}}
                """#)
        #expect(finalized.status == 200)

        let page = await sut.console("GET", sut.consolePath(firebase: localId))
        #expect(page.text.contains("<h2 id=\"factors\">Second factors</h2>"))
        #expect(page.text.contains("<th scope=\"row\">Ada&#39;s phone</th>"))
        #expect(page.text.contains("<td class=\"mono code\">\(code)</td><td>\(TOTP().secondsLeft(at: now)) s</td>"))
        #expect(page.text.contains("password + totp"))
        #expect(!page.text.contains(secret.revealed))
    }
}

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
        let verified = await sut.supabase("POST", "factors/\(factorID)/verify", json: #"{"challenge_id":"\#(challengeID)","code":"\#(code)"}"#,
                                          bearer: bearer)
        #expect(verified.status == 200)
        page = await sut.console("GET", sut.consolePath(supabase: userID))
        #expect(page.text.contains("oauth + totp (aal2)"))
        #expect(page.text.contains("<td>verified</td>"))
    }
}

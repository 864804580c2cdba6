import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// The console's user page lists a user's passkeys (name, registered, last used, the stored sign
/// count) and removes one with a form post carrying the console's token; after it, a sign-in with
/// that passkey is refused as the service refuses an unknown credential.
@Suite("Console: passkeys")
struct ConsolePasskeyTests {
    /// The passkeys section of a user page.
    private static func section(_ page: String) -> Substring? {
        guard let start = page.range(of: "<h2 id=\"passkeys\">") else { return nil }
        let rest = page[start.lowerBound...]
        return rest[..<(rest.range(of: "</table>")?.upperBound ?? rest.endIndex)]
    }

    @Test("Supabase: registered, then used (last used and the sign count follow), then removed; GoTrue then refuses it")
    func supabase() async throws {
        let harness = try await SupabasePasskeyHarness.make()
        let (bearer, userID) = try await harness.user()
        let registered = try await harness.register(bearer)
        let passkeyID = try #require(registered.object["id"]?.stringValue)
        let name = try #require(registered.object["friendly_name"]?.stringValue)
        let path = harness.sut.consolePath(supabase: userID)

        var section = try #require(Self.section(await harness.sut.console("GET", path).text))
        #expect(section.contains("<th scope=\"row\">\(name)</th><td class=\"mono\">\(passkeyID)</td>"))
        #expect(section.contains("<td>never</td>"))
        #expect(section.contains("<td class=\"sign-count\">1</td>"))

        #expect(try await harness.signIn().status == 200)
        let stored = try await harness.storedPasskey()
        section = try #require(Self.section(await harness.sut.console("GET", path).text))
        #expect(!section.contains("<td>never</td>"), "the sign-in is the passkey's last use")
        #expect(section.contains("<td class=\"sign-count\">\(stored.signCount)</td>") && stored.signCount == 2)

        // GoTrue internal/api/passkey_admin.go: DELETE /admin/users/{user_id}/passkeys/{passkey_id}, as the console posts it.
        #expect(await harness.sut.console("POST", path + "/delete-passkey", form: [("passkey_id", passkeyID)]).status == 403)
        let removed = try await harness.sut.consolePost(path + "/delete-passkey", [("passkey_id", passkeyID)])
        #expect(removed.status == 303)
        #expect(removed.header("location") == path + "?done=delete-passkey")
        let after = await harness.sut.console("GET", path + "?done=delete-passkey").text
        #expect(Self.section(after) == nil)
        #expect(after.contains("The passkey is removed"))
        let refused = try await harness.signIn()
        #expect(refused.supabaseError.status == 400 && refused.supabaseError.code == "webauthn_verification_failed")
        let again = try await harness.sut.consolePost(path + "/delete-passkey", [("passkey_id", passkeyID)])
        #expect(again.status == 409, "the user has no such passkey any more")
    }

    @Test("Firebase: enrolled, used, then removed; passkeySignIn:finalize then answers PASSKEY_ENROLLMENT_NOT_FOUND")
    func firebase() async throws {
        let harness = try await FirebasePasskeyHarness.make()
        let (idToken, localId) = try await harness.user()
        #expect(try await harness.enroll(idToken, name: "Ada's laptop").status == 200)
        let path = harness.sut.consolePath(firebase: localId)
        var section = try #require(Self.section(await harness.sut.console("GET", path).text))
        #expect(section.contains("<th scope=\"row\">Ada&#39;s laptop</th>"))
        #expect(section.contains("<td>never</td>"))

        let challenge = try await harness.signInChallenge()
        let assertion = try await harness.authenticator.assert(
            rpID: FirebasePasskeyHarness.rpID, origin: FirebasePasskeyHarness.origin, challenge: challenge, allowCredentials: [])
        #expect(await harness.finalize(assertion).status == 200)
        section = try #require(Self.section(await harness.sut.console("GET", path).text))
        #expect(!section.contains("<td>never</td>"))
        #expect(section.contains("<td class=\"sign-count\">2</td>"))

        let page = await harness.sut.console("GET", path).text
        let marker = #"name="passkey_id" value=""#
        let start = try #require(page.range(of: marker)?.upperBound)
        let passkeyID = String(page[start...].prefix { $0 != "\"" })
        #expect(try await harness.sut.consolePost(path + "/delete-passkey", [("passkey_id", passkeyID)]).status == 303)
        #expect(Self.section(await harness.sut.console("GET", path).text) == nil)

        // Identity Toolkit v2 passkeySignIn:finalize: a credential the user handle's user does not hold.
        let next = try await harness.signInChallenge()
        let stale = try await harness.authenticator.assert(
            rpID: FirebasePasskeyHarness.rpID, origin: FirebasePasskeyHarness.origin, challenge: next, allowCredentials: [])
        let refused = await harness.finalize(stale)
        #expect(refused.status == 400)
        #expect(refused.object["error"]?.objectValue?["message"]?.stringValue?.hasPrefix("PASSKEY_ENROLLMENT_NOT_FOUND") == true)
    }
}

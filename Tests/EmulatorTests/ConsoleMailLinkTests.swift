import AuthEmulator
import Foundation
import Testing

/// The mailbox's links work: a Supabase link goes through GoTrue's `/verify` (api/verify.go) to
/// the console's result page with the session in the fragment; a Firebase sign-in link goes
/// through `/emulator/action` (firebase-tools src/emulator/auth/handlers.ts) to it with the code.
@Suite("Console: mailed links")
struct ConsoleMailLinkTests {
    /// The `href` of the mailbox page's link for an address, as a path and query on the emulator.
    private func mailedLink(_ sut: EmulatorHarness, to email: String) async throws -> String {
        let page = await sut.console("GET", "/console/mail?to=" + email).text
        let anchor = try #require(page.range(of: "<a href=\"http"), "\(page)")
        let href = page[anchor.upperBound...].prefix { $0 != "\"" }
        let unescaped = ("http" + href).replacingOccurrences(of: "&amp;", with: "&")
        let url = try #require(URLComponents(string: unescaped))
        return url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? "")
    }

    @Test("Supabase: the link verifies the email and lands on the console's result page, session in the fragment")
    func supabase() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"link@example.com"}"#).status == 200)
        let link = try await mailedLink(sut, to: "link@example.com")
        #expect(link.hasPrefix("/auth/v1/verify?"))
        let followed = await sut.send("GET", link)
        #expect(followed.status == 303)
        let location = try #require(followed.header("Location"))
        #expect(location.contains("/console/link-result#access_token="), "\(location)")
        let again = try #require(await sut.send("GET", link).header("Location"))
        #expect(again.contains("#error=") && again.contains("/console/link-result"), "a used link says why, on the same page: \(again)")
        let opened = await sut.console("GET", "/console/mail?to=link@example.com", headers: ["host": "127.0.0.1:4321"]).text
        #expect(opened.contains("href=\"http://127.0.0.1:4321/auth/v1/verify?"), "the link uses the address the console was opened at")
        #expect(opened.contains("redirect_to=http://127.0.0.1:4321/console/link-result"), "\(opened)")
        let result = await sut.console("GET", "/console/link-result")
        #expect(result.status == 200 && result.text.contains("Link result"))
        #expect(result.header("Content-Security-Policy")?.contains("script-src 'nonce-") == true)
    }

    @Test("Firebase: the sign-in link goes through /emulator/action to the result page with its code")
    func firebase() async throws {
        let sut = try await EmulatorHarness.make()
        let sent = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"fb@example.com","continueUrl":"http://localhost"}"#)
        #expect(sent.status == 200)
        let link = try await mailedLink(sut, to: "fb@example.com")
        #expect(link.hasPrefix("/emulator/action?"))
        let followed = await sut.send("GET", link)
        #expect(followed.status == 303)
        let location = try #require(followed.header("Location").flatMap(URLComponents.init(string:)))
        #expect(location.path == "/console/link-result")
        let code = try #require(location.queryItems?.first { $0.name == "oobCode" }?.value)
        let page = await sut.console("GET", location.percentEncodedPath + "?" + (location.percentEncodedQuery ?? "")).text
        #expect(page.contains(code) && page.contains("signInWithEmailLink"))
    }

    @Test("/emulator/action answers as firebase-tools does: apiKey, oobCode and (to sign in) continueUrl are required")
    func actionErrors() async throws {
        let sut = try await EmulatorHarness.make()
        let noKey = await sut.send("GET", "/emulator/action?mode=signIn&oobCode=x")
        #expect(noKey.status == 400 && noKey.object["authEmulator"]?.objectValue?["error"] == .string("missing apiKey query parameter"))
        let noCode = await sut.send("GET", "/emulator/action?mode=signIn&apiKey=k")
        #expect(noCode.status == 400 && noCode.object["authEmulator"]?.objectValue?["error"] == .string("missing oobCode query parameter"))
        let noContinue = await sut.send("GET", "/emulator/action?mode=signIn&apiKey=k&oobCode=x")
        #expect(noContinue.object["authEmulator"]?.objectValue?["error"] == .string("Missing continueUrl query parameter"))
        let badMode = await sut.send("GET", "/emulator/action?mode=nope&apiKey=k&oobCode=x")
        #expect(badMode.object["authEmulator"]?.objectValue?["error"] == .string("Invalid mode"))
    }
}

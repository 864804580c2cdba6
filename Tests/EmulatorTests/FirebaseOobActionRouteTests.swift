import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Password reset, email verification and email change by emailed code, after firebase-tools
/// src/emulator/auth/operations.ts (`sendOobCode`, `resetPassword`, `setAccountInfoImpl` with
/// `oobCode`, `listOobCodesInProject`).
@Suite("Emulator: Firebase password reset, verification and email change")
struct FirebaseOobActionRouteTests {
    private func signUp(_ sut: EmulatorHarness, _ email: String) async throws -> JSONObject {
        let created = await sut.firebase("accounts:signUp", json: #"{"email":"\#(email)","password":"correct horse"}"#)
        #expect(created.status == 200)
        return created.object
    }

    private func signIn(_ sut: EmulatorHarness, _ email: String, _ password: String) async -> EmulatorResponse {
        await sut.firebase("accounts:signInWithPassword", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    }

    @Test("PASSWORD_RESET: the mailed code is listed, read without spending it, then sets the password and verifies the address")
    func passwordReset() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let localId = try #require(try await signUp(sut, "ada@example.com")["localId"]?.stringValue)
        let sent = await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"PASSWORD_RESET","email":"Ada@example.com"}"#)
        #expect(sent.status == 200 && sent.object["email"] == .string("ada@example.com") && sent.object["oobCode"] == nil)
        let mail = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        #expect(mail.kind == "PASSWORD_RESET" && mail.link?.contains("mode=resetPassword") == true)
        let listed = await sut.send("GET", "/emulator/v1/projects/\(sut.project)/oobCodes").object["oobCodes"]?.arrayValue ?? []
        let entry = try #require(listed.compactMap(\.objectValue).first { $0["oobCode"] == .string(mail.code) })
        #expect(entry["requestType"] == .string("PASSWORD_RESET"))

        let peek = await sut.firebase("accounts:resetPassword", json: #"{"oobCode":"\#(mail.code)"}"#)
        #expect(peek.object["requestType"] == .string("PASSWORD_RESET") && peek.object["email"] == .string("ada@example.com"))
        let weak = await sut.firebase("accounts:resetPassword", json: #"{"oobCode":"\#(mail.code)","newPassword":"123"}"#)
        #expect(weak.firebaseMessage == "WEAK_PASSWORD : Password should be at least 6 characters")
        let reset = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/resetPassword?key=k",
            json: #"{"oobCode":"\#(mail.code)","newPassword":"battery staple"}"#)
        #expect(reset.status == 200 && reset.object["email"] == .string("ada@example.com"))
        #expect(await signIn(sut, "ada@example.com", "correct horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
        #expect(await signIn(sut, "ada@example.com", "battery staple").status == 200)
        #expect(try sut.firebaseRecord(localId)?.emailVerified == true)
        let again = await sut.firebase("accounts:resetPassword", json: #"{"oobCode":"\#(mail.code)","newPassword":"another one"}"#)
        #expect(again.firebaseMessage == "INVALID_OOB_CODE", "a code is spent once")
    }

    @Test("ten wrong passwords lock the account's password sign-in until a reset, with production's TOO_MANY_ATTEMPTS_TRY_LATER")
    func wrongPasswordLimit() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        _ = try await signUp(sut, "ada@example.com")
        for _ in 1...10 { #expect(await signIn(sut, "ada@example.com", "wrong horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS") }
        let locked = await signIn(sut, "ada@example.com", "correct horse")
        let lockedPrefix = "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled"
        #expect(locked.firebaseMessage?.hasPrefix(lockedPrefix) == true)
        #expect(await signIn(sut, "other@example.com", "correct horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
        _ = await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
        let mail = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        _ = await sut.firebase("accounts:resetPassword", json: #"{"oobCode":"\#(mail.code)","newPassword":"battery staple"}"#)
        #expect(await signIn(sut, "ada@example.com", "battery staple").status == 200, "a reset restores the account")
    }

    @Test("an expired reset code answers EXPIRED_OOB_CODE (Google's reference; firebase-tools' codes never expire)")
    func expiredCode() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        _ = try await signUp(sut, "ada@example.com")
        _ = await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
        let mail = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        sut.world.clock.advance(by: 3601)
        let expired = await sut.firebase("accounts:resetPassword", json: #"{"oobCode":"\#(mail.code)","newPassword":"battery staple"}"#)
        #expect(expired.firebaseMessage == "EXPIRED_OOB_CODE")
        #expect(await signIn(sut, "ada@example.com", "correct horse").status == 200)
    }

    /// The path and query of a mailed link, as the emulator serves it.
    private func target(of link: String?) throws -> String {
        let url = try #require(link.flatMap(URLComponents.init(string:)))
        return url.path + "?" + (url.percentEncodedQuery ?? "")
    }

    @Test("the mailed reset link: asks for newPassword (not the placeholder), then sets it, as firebase-tools' handlers.ts does")
    func resetLink() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        _ = try await signUp(sut, "ada@example.com")
        _ = await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"PASSWORD_RESET","email":"ada@example.com"}"#)
        let link = try target(of: await sut.world.services.mailbox.latest(for: "ada@example.com")?.link)
        let ask = await sut.send("GET", link)
        #expect(ask.status == 400)
        let template = try #require(ask.object["authEmulator"]?.objectValue?["urlTemplate"]?.stringValue)
        #expect(template.hasSuffix("&newPassword=NEW_PASSWORD_HERE"))
        #expect(await sut.send("GET", link + "&newPassword=NEW_PASSWORD_HERE").status == 400)
        let done = await sut.send("GET", link + "&newPassword=battery%20staple")
        #expect(done.status == 200 && done.object["authEmulator"]?.objectValue?["email"] == .string("ada@example.com"))
        #expect(await signIn(sut, "ada@example.com", "battery staple").status == 200)
        let again = await sut.send("GET", link + "&newPassword=other%20horse")
        #expect(again.status == 400, "the link is spent")
    }

    @Test("the mailed verification link applies its code and goes on to continueUrl")
    func verifyLink() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let session = try await signUp(sut, "ada@example.com")
        let idToken = try #require(session["idToken"]?.stringValue)
        let body = #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)","continueUrl":"https://app.example.com/done"}"#
        _ = await sut.firebase("accounts:sendOobCode", json: body)
        let link = try target(of: await sut.world.services.mailbox.latest(for: "ada@example.com")?.link)
        let verified = await sut.send("GET", link)
        #expect(verified.status == 303)
        #expect(verified.header("Location") == "https://app.example.com/done")
        #expect(try sut.firebaseRecord(try #require(session["localId"]?.stringValue))?.emailVerified == true)
        let again = await sut.send("GET", link)
        #expect(again.object["authEmulator"]?.objectValue?["error"]?.stringValue?.hasPrefix("Your request to verify your email") == true)
    }

    @Test("PASSWORD_RESET for an unknown address: answered as sent under enumeration protection, EMAIL_NOT_FOUND without it")
    func resetUnknown() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let body = #"{"requestType":"PASSWORD_RESET","email":"nobody@example.com"}"#
        #expect(await sut.firebase("accounts:sendOobCode", json: body).status == 200)
        #expect(await sut.world.services.mailbox.latest(for: "nobody@example.com") == nil)
        let off = #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#
        _ = await sut.send("PATCH", "/emulator/v1/projects/\(sut.project)/config", json: off)
        #expect(await sut.firebase("accounts:sendOobCode", json: body).firebaseMessage == "EMAIL_NOT_FOUND")
    }

    @Test("a linkDomain is refused with production's INVALID_HOSTING_LINK_DOMAIN: the emulator hosts no Firebase Hosting domain")
    func linkDomain() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let body = #"{"requestType":"EMAIL_SIGNIN","email":"ada@example.com","continueUrl":"http://localhost","linkDomain":"cool.link"}"#
        let refused = await sut.firebaseAdmin("accounts:sendOobCode", json: body)
        #expect(refused.status == 400)
        let expected = "INVALID_HOSTING_LINK_DOMAIN : The provided hosting link domain is not configured"
        #expect(refused.firebaseMessage?.hasPrefix(expected) == true)
        #expect(await sut.world.services.mailbox.latest(for: "ada@example.com") == nil)
    }

    @Test("VERIFY_EMAIL with the user's ID token; accounts:update with the code alone verifies the address")
    func verifyEmail() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let session = try await signUp(sut, "ada@example.com")
        let idToken = try #require(session["idToken"]?.stringValue)
        #expect(await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"VERIFY_EMAIL"}"#).firebaseMessage == "MISSING_ID_TOKEN")
        #expect(await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)"}"#).status == 200)
        let mail = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        #expect(mail.kind == "VERIFY_EMAIL")
        let applied = await sut.firebase("accounts:update", json: #"{"oobCode":"\#(mail.code)"}"#)
        #expect(applied.status == 200 && applied.object["emailVerified"] == .bool(true))
        #expect(try sut.firebaseRecord(try #require(session["localId"]?.stringValue))?.emailVerified == true)
    }

    @Test("VERIFY_AND_CHANGE_EMAIL: mailed to the new address; its code moves the account there, verified")
    func changeEmail() async throws {
        let sut = try await EmulatorHarness.firebasePasswords()
        let session = try await signUp(sut, "ada@example.com")
        _ = try await signUp(sut, "taken@example.com")
        let idToken = try #require(session["idToken"]?.stringValue)
        let change = #"{"requestType":"VERIFY_AND_CHANGE_EMAIL","idToken":"\#(idToken)""#
        let taken = await sut.firebase("accounts:sendOobCode", json: change + #","newEmail":"taken@example.com"}"#)
        #expect(taken.firebaseMessage == "EMAIL_EXISTS")
        let missing = await sut.firebase("accounts:sendOobCode", json: change + "}")
        #expect(missing.firebaseMessage == "MISSING_NEW_EMAIL")
        let sent = await sut.firebase("accounts:sendOobCode", json: change + #","newEmail":"Lovelace@example.com"}"#)
        #expect(sent.status == 200)
        let mail = try #require(await sut.world.services.mailbox.latest(for: "lovelace@example.com"))
        #expect(mail.kind == "VERIFY_AND_CHANGE_EMAIL")
        let peek = await sut.firebase("accounts:resetPassword", json: #"{"oobCode":"\#(mail.code)"}"#)
        #expect(peek.object["newEmail"] == .string("lovelace@example.com"))
        let applied = await sut.firebase("accounts:update", json: #"{"oobCode":"\#(mail.code)"}"#)
        #expect(applied.object["email"] == .string("lovelace@example.com") && applied.object["newEmail"] == .string("lovelace@example.com"))
        #expect(await signIn(sut, "lovelace@example.com", "correct horse").status == 200)
        #expect(await signIn(sut, "ada@example.com", "correct horse").firebaseMessage == "INVALID_LOGIN_CREDENTIALS")
    }
}

import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// `/verify` (POST with a code or a `token_hash`, GET for the emailed link), `/resend`,
/// `/reauthenticate`, `/signup` with an email and `PUT /user`, after GoTrue's api/verify.go,
/// api/resend.go, api/reauthenticate.go, api/signup.go and api/user.go.
@Suite("Emulator: Supabase email routes")
struct SupabaseEmailRouteTests {
    /// Requests a code for `email` and returns the code and the link's token hash.
    private func mail(_ sut: EmulatorHarness, _ email: String) async throws -> (code: String, hash: String, link: String) {
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"\#(email)"}"#).status == 200)
        let message = try #require(await sut.world.services.mailbox.latest(for: email))
        let link = try #require(message.link)
        let hash = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value)
        return (message.code, hash, link)
    }

    @Test("POST /verify with the link's token_hash signs in; type is enforced; a spent hash is otp_expired with the link message")
    func tokenHash() async throws {
        let sut = try await EmulatorHarness.make()
        let (_, hash, _) = try await mail(sut, "link@example.com")
        let wrongType = await sut.supabase("POST", "verify", json: #"{"type":"magiclink","token_hash":"\#(hash)"}"#)
        #expect(
            wrongType.status == 403 && wrongType.object["message"] == .string("Email link is invalid or has expired"),
            "a confirmation hash is not a magic link")
        let smsType = await sut.supabase("POST", "verify", json: #"{"type":"sms","token_hash":"\#(hash)"}"#)
        #expect(smsType.status == 400 && smsType.object["message"] == .string("Invalid email verification type"))
        let verified = await sut.supabase("POST", "verify", json: #"{"type":"signup","token_hash":"\#(hash)"}"#)
        #expect(verified.status == 200 && verified.object["user"]?.objectValue?["email"] == .string("link@example.com"))
        let again = await sut.supabase("POST", "verify", json: #"{"type":"email","token_hash":"\#(hash)"}"#)
        #expect(
            again.status == 403
                && again.object == ["code": .string("otp_expired"), "message": .string("Email link is invalid or has expired")])
    }

    @Test(
        "POST /verify validation in GoTrue's order, with its statuses",
        arguments: [
            (#"{"email":"a@example.com","token":"123456"}"#, 400, "Verify requires a verification type"),
            (#"{"type":"email","email":"a@example.com"}"#, 400, "Verify requires either a token or a token hash"),
            (#"{"type":"email","token":"1","token_hash":"h"}"#, 400, "Verify requires either a token or a token hash"),
            (#"{"type":"email","token":"123456"}"#, 400, "Only an email address or phone number should be provided on verify"),
            (#"{"type":"email","email":"not-an-email","token":"123456"}"#, 422, "Invalid email format"),
            (#"{"type":"email","token_hash":"h","email":"a@example.com"}"#, 400, "Only the token_hash and type should be provided"),
            (#"{"type":"bogus","email":"a@example.com","token":"123456"}"#, 403, "Token has expired or is invalid"),
            (#"{"type":"sms","phone":"0123","token":"123456"}"#, 400, "Invalid phone number format (E.164 required)"),
        ] as [(String, Int, String)])
    func verifyValidation(body: String, status: Int, message: String) async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.supabase("POST", "verify", json: body)
        #expect(response.status == status)
        #expect(response.object["message"] == .string(message))
    }

    @Test("a code of the wrong type is refused: a confirmation code is not a magic link")
    func codeType() async throws {
        let sut = try await EmulatorHarness.make()
        let (code, _, _) = try await mail(sut, "typed@example.com")
        let wrong = await sut.supabase("POST", "verify", json: #"{"type":"magiclink","email":"typed@example.com","token":"\#(code)"}"#)
        #expect(wrong.status == 403 && wrong.object["code"] == .string("otp_expired"))
        #expect(
            await sut.supabase("POST", "verify", json: #"{"type":"signup","email":"typed@example.com","token":"\#(code)"}"#).status == 200)
    }

    @Test("GET /verify (the emailed link) answers 303 with the session in the fragment; a spent link redirects with the error")
    func emailLink() async throws {
        let sut = try await EmulatorHarness.make()
        let (_, _, link) = try await mail(sut, "click@example.com")
        let path = try #require(link.range(of: "/auth/v1/")).upperBound
        let response = await sut.supabase("GET", String(link[path...]))
        #expect(response.status == 303)
        let location = try #require(response.header("Location"))
        #expect(location.hasPrefix("http://127.0.0.1:3000#access_token="))
        #expect(location.contains("&sb=&token_type=bearer&type=signup"))
        let spent = try #require(await sut.supabase("GET", String(link[path...])).header("Location"))
        #expect(
            spent
                == """
                http://127.0.0.1:3000#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired\
                &sb=
                """
        )
        let missing = await sut.supabase("GET", "verify?type=signup")
        #expect(missing.status == 400 && missing.object["message"] == .string("Verify requires a token or a token hash"))
    }

    @Test("POST /resend: GoTrue's checks, {} for unknown or confirmed addresses, a new code for an unconfirmed one, 429 within the minute")
    func resend() async throws {
        let sut = try await EmulatorHarness.make()
        for (body, message) in [
            (#"{"type":"magiclink","email":"a@example.com"}"#, "Missing one of these types: signup, email_change, sms, phone_change"),
            (#"{"type":"signup"}"#, "Type provided requires an email address"),
            (#"{"type":"sms"}"#, "Type provided requires a phone number"),
            (#"{"type":"signup","email":"a@example.com","phone":"123"}"#, "Only an email address or phone number should be provided."),
            (#"{"type":"email_change"}"#, "Missing email address or phone number"),
        ] {
            let response = await sut.supabase("POST", "resend", json: body)
            #expect(response.status == 400 && response.object["message"] == .string(message), "\(body)")
        }
        #expect(await sut.supabase("POST", "resend", json: #"{"type":"signup","email":"nobody@example.com"}"#).object == [:])
        _ = try await mail(sut, "pending@example.com")
        #expect(
            await sut.supabase("POST", "resend", json: #"{"type":"signup","email":"pending@example.com"}"#).object["code"]
                == .string("over_email_send_rate_limit"))
        sut.world.clock.advance(by: 61)
        let resent = await sut.supabase("POST", "resend", json: #"{"type":"signup","email":"pending@example.com"}"#)
        #expect(resent.status == 200 && resent.object == [:])
        #expect(await sut.world.services.mailbox.messages(for: "pending@example.com").count == 2)
    }

    @Test("GET /reauthenticate mails a code to a confirmed email; an anonymous user has none (400)")
    func reauthenticate() async throws {
        let sut = try await EmulatorHarness.make()
        let token = try #require(try await sut.appleSession(email: "again@example.com")["access_token"]?.stringValue)
        let response = await sut.supabase("GET", "reauthenticate", bearer: token)
        #expect(response.status == 200 && response.object == [:])
        #expect(await sut.world.services.mailbox.latest(for: "again@example.com")?.kind == "reauthentication")
        let guest = try #require(await sut.supabase("POST", "signup", json: "{}").object["access_token"]?.stringValue)
        let none = await sut.supabase("GET", "reauthenticate", bearer: guest)
        #expect(
            none.status == 400 && none.object["message"] == .string("Reauthentication requires the user to have an email or a phone number")
        )
    }

    @Test(
        "POST /signup without a password, or with a phone, is GoTrue's 400, not 422",
        arguments: [
            (#"{"email":"a@example.com"}"#, "validation_failed", "Signup requires a valid password"),
            (
                #"{"email":"a@example.com","phone":"+15555550100","password":"correct horse"}"#, "validation_failed",
                "Only an email address or phone number should be provided on signup."
            ),
            (#"{"phone":"+15555550100","password":"correct horse"}"#, "phone_provider_disabled", "Phone signups are disabled"),
        ] as [(String, String, String)])
    func signUpWithEmail(body: String, code: String, message: String) async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.supabase("POST", "signup", json: body)
        #expect(response.status == 400 && response.object == ["code": .string(code), "message": .string(message)])
    }

    @Test("PUT /user: app_metadata is 403 not_admin, a bad phone 400, a phone without an SMS provider GoTrue's 500; nothing changes")
    func updateUser() async throws {
        let sut = try await EmulatorHarness.make()
        let token = try #require(try await sut.appleSession()["access_token"]?.stringValue)
        let admin = await sut.supabase("PUT", "user", json: #"{"app_metadata":{"role":"admin"},"data":{"x":1}}"#, bearer: token)
        #expect(
            admin.status == 403
                && admin.object == ["code": .string("not_admin"), "message": .string("Updating app_metadata requires admin privileges")])
        let badPhone = await sut.supabase("PUT", "user", json: #"{"phone":"0123"}"#, bearer: token)
        #expect(badPhone.status == 400 && badPhone.object["message"] == .string("Invalid phone number format (E.164 required)"))
        let phone = await sut.supabase("PUT", "user", json: #"{"phone":"+1 555 555 0100","data":{"x":1}}"#, bearer: token)
        #expect(phone.status == 500 && phone.object["message"] == .string("Unable to get SMS provider"))
        #expect(await sut.supabase("GET", "user", bearer: token).object["user_metadata"]?.objectValue?["x"] == nil)
        #expect(await sut.supabase("PUT", "user", json: #"{"app_metadata":null,"data":{"x":1}}"#, bearer: token).status == 200)
    }
}

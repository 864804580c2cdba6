import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// A change of address on the wire, after GoTrue internal/api/user.go (`UserUpdate`), mail.go
/// (`sendEmailChange`, `adminGenerateLink`), verify.go (`verifyPost`, `verifyGet`,
/// `emailChangeVerify`) and models/user.go (`new_email`, `email_change_sent_at`).
@Suite("Emulator: Supabase email change")
struct SupabaseEmailChangeRouteTests {
    /// A confirmed password user with a session; returns its access token.
    private func signedIn(_ sut: EmulatorHarness, admin: String, email: String) async throws -> String {
        let created = await sut.supabase(
            "POST", "admin/users", json: #"{"email":"\#(email)","password":"correct horse","email_confirm":true}"#, bearer: admin)
        #expect(created.status == 200)
        let session = await sut.supabase("POST", "token?grant_type=password", json: #"{"email":"\#(email)","password":"correct horse"}"#)
        return try #require(session.object["access_token"]?.stringValue)
    }

    @Test("PUT /user with an email answers new_email and email_change_sent_at; /verify answers GoTrue's message, then the session")
    func secureChangeOverTheWire() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        let token = try await signedIn(sut, admin: admin, email: "ada@example.com")
        let updated = await sut.supabase("PUT", "user", json: #"{"email":"Countess@Example.com"}"#, bearer: token)
        #expect(updated.status == 200 && updated.object["email"] == .string("ada@example.com"))
        #expect(updated.object["new_email"] == .string("countess@example.com"))
        #expect(updated.object["email_change_sent_at"]?.stringValue != nil)
        let current = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        let new = try #require(await sut.world.services.mailbox.latest(for: "countess@example.com"))
        let link = try #require(new.link.flatMap(URLComponents.init(string:)))
        #expect(link.queryItems?.first { $0.name == "type" }?.value == "email_change")

        let resentTooSoon = await sut.supabase("PUT", "user", json: #"{"email":"other@example.com"}"#, bearer: token)
        #expect(resentTooSoon.status == 429 && resentTooSoon.object["code"] == .string("over_email_send_rate_limit"))

        let first = await sut.supabase(
            "POST", "verify", json: #"{"type":"email_change","email":"ada@example.com","token":"\#(current.code)"}"#)
        #expect(first.status == 200)
        #expect(
            first.object == [
                "msg": .string("Confirmation link accepted. Please proceed to confirm link sent to the other email"),
                "code": .string("200"),
            ])
        // The second by the emailed link (GET /verify): a 303 with the session in the fragment.
        let hash = try #require(link.queryItems?.first { $0.name == "token" }?.value)
        let redirect = await sut.supabase("GET", "verify?token=\(hash)&type=email_change")
        #expect(redirect.status == 303)
        let location = try #require(redirect.header("Location"))
        #expect(location.contains("#access_token=") && location.contains("type=email_change"))
        let user = await sut.supabase("GET", "user", bearer: token)
        #expect(user.object["email"] == .string("countess@example.com") && user.object["new_email"] == nil)
        let identity = user.object["identities"]?.arrayValue?.first?.objectValue
        #expect(identity?["identity_data"]?.objectValue?["email"] == .string("countess@example.com"))
    }

    @Test("POST /resend type email_change mails the pending change again with new codes (GoTrue internal/api/resend.go)")
    func resendEmailChange() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        let token = try await signedIn(sut, admin: admin, email: "ada@example.com")
        let nothingPending = await sut.supabase("POST", "resend", json: #"{"type":"email_change","email":"ada@example.com"}"#)
        #expect(nothingPending.status == 200 && nothingPending.object == [:])
        #expect(await sut.supabase("PUT", "user", json: #"{"email":"countess@example.com"}"#, bearer: token).status == 200)
        let firstNew = try #require(await sut.world.services.mailbox.latest(for: "countess@example.com"))

        let tooSoon = await sut.supabase("POST", "resend", json: #"{"type":"email_change","email":"ada@example.com"}"#)
        #expect(tooSoon.status == 429 && tooSoon.object["code"] == .string("over_email_send_rate_limit"))
        sut.world.clock.advance(by: 61)
        let resent = await sut.supabase("POST", "resend", json: #"{"type":"email_change","email":"ada@example.com"}"#)
        #expect(resent.status == 200)
        let current = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        let new = try #require(await sut.world.services.mailbox.latest(for: "countess@example.com"))
        #expect(new.code != firstNew.code, "new codes, as sendEmailChange makes them")

        let stale = await sut.supabase(
            "POST", "verify", json: #"{"type":"email_change","email":"countess@example.com","token":"\#(firstNew.code)"}"#)
        #expect(stale.status == 403, "the first mail's code is replaced")
        #expect(
            await sut.supabase(
                "POST", "verify", json: #"{"type":"email_change","email":"ada@example.com","token":"\#(current.code)"}"#
            ).status == 200)
        let done = await sut.supabase(
            "POST", "verify", json: #"{"type":"email_change","email":"countess@example.com","token":"\#(new.code)"}"#)
        #expect(done.status == 200 && done.object["access_token"] != nil)
    }

    @Test("the first link of a secure change redirects with GoTrue's message in the fragment")
    func firstLinkRedirect() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        let token = try await signedIn(sut, admin: admin, email: "ada@example.com")
        #expect(await sut.supabase("PUT", "user", json: #"{"email":"countess@example.com"}"#, bearer: token).status == 200)
        let current = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com")?.link)
        let target = try #require(current.range(of: "/auth/v1/")).upperBound
        let redirect = await sut.supabase("GET", String(current[target...]))
        #expect(redirect.status == 303)
        #expect(
            redirect.header("Location")?.hasSuffix(
                "#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=") == true)
    }

    @Test("a taken address is 422 email_exists; the same address changes nothing; a guest's address comes at once with autoconfirm")
    func refusalsAndGuests() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords(autoconfirm: true)
        let token = try await signedIn(sut, admin: admin, email: "ada@example.com")
        _ = try await signedIn(sut, admin: admin, email: "taken@example.com")
        let taken = await sut.supabase("PUT", "user", json: #"{"email":"taken@example.com"}"#, bearer: token)
        #expect(
            taken.status == 422
                && taken.object == [
                    "code": .string("email_exists"), "message": .string("A user with this email address has already been registered"),
                ])
        let same = await sut.supabase("PUT", "user", json: #"{"email":"ada@example.com"}"#, bearer: token)
        #expect(same.status == 200 && same.object["new_email"] == nil)

        let guest = try #require(await sut.supabase("POST", "signup", json: "{}").object["access_token"]?.stringValue)
        let upgraded = await sut.supabase("PUT", "user", json: #"{"email":"guest@example.com","password":"guest horse 1"}"#, bearer: guest)
        #expect(upgraded.status == 200 && upgraded.object["email"] == .string("guest@example.com"))
        #expect(upgraded.object["is_anonymous"] == .bool(false) && upgraded.object["email_confirmed_at"]?.stringValue != nil)
        #expect(await sut.world.services.mailbox.messages(for: "guest@example.com").isEmpty)
        let signIn = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"guest@example.com","password":"guest horse 1"}"#)
        #expect(signIn.status == 200)
    }

    @Test("generate_link email_change_current and email_change_new: the codes confirm the change; current needs secure change on")
    func generateLinks() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords()
        _ = try await signedIn(sut, admin: admin, email: "ada@example.com")
        let current = await sut.supabase(
            "POST", "admin/generate_link",
            json: #"""
                {"type":"email_change_current","email":"ada@example.com","new_email":"countess@example.com"}
                """#, bearer: admin)
        #expect(current.status == 200 && current.object["verification_type"] == .string("email_change_current"))
        #expect(current.object["new_email"] == .string("countess@example.com"))
        #expect(current.object["action_link"]?.stringValue?.contains("type=email_change") == true)
        let new = await sut.supabase(
            "POST", "admin/generate_link",
            json: #"""
                {"type":"email_change_new","email":"ada@example.com","new_email":"countess@example.com"}
                """#, bearer: admin)
        #expect(new.status == 200 && new.object["verification_type"] == .string("email_change_new"))
        #expect(await sut.world.services.mailbox.messages(for: "countess@example.com").isEmpty, "generate_link mails nothing")
        let currentCode = try #require(current.object["email_otp"]?.stringValue)
        let newCode = try #require(new.object["email_otp"]?.stringValue)
        let first = await sut.supabase(
            "POST", "verify", json: #"{"type":"email_change","email":"ada@example.com","token":"\#(currentCode)"}"#)
        #expect(first.object["msg"] != nil)
        let second = await sut.supabase(
            "POST", "verify", json: #"{"type":"email_change","email":"countess@example.com","token":"\#(newCode)"}"#)
        #expect(second.status == 200 && second.object["user"]?.objectValue?["email"] == .string("countess@example.com"))

        let unknown = await sut.supabase(
            "POST", "admin/generate_link",
            json: #"""
                {"type":"email_change_new","email":"ghost@example.com","new_email":"x@example.com"}
                """#, bearer: admin)
        #expect(unknown.status == 404 && unknown.object["code"] == .string("user_not_found"))

        let (plain, plainAdmin) = try await EmulatorHarness.passwords { $0.secureEmailChangeEnabled = false }
        _ = try await signedIn(plain, admin: plainAdmin, email: "ada@example.com")
        let refused = await plain.supabase(
            "POST", "admin/generate_link",
            json: #"""
                {"type":"email_change_current","email":"ada@example.com","new_email":"countess@example.com"}
                """#, bearer: plainAdmin)
        #expect(refused.status == 400)
        #expect(refused.object["message"] == .string("Enable secure email change to generate link for current email"))
    }

    @Test("PUT /user with a password and GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: user.go's errors, exactly")
    func reauthenticationErrors() async throws {
        let (sut, admin) = try await EmulatorHarness.passwords { $0.updatePasswordRequireReauthentication = true }
        _ = try await signedIn(sut, admin: admin, email: "ada@example.com")
        sut.world.clock.advance(by: 24 * 3600 + 1)
        let session = await sut.supabase(
            "POST", "token?grant_type=password", json: #"{"email":"ada@example.com","password":"correct horse"}"#)
        let fresh = try #require(session.object["access_token"]?.stringValue)
        #expect(await sut.supabase("PUT", "user", json: #"{"password":"second horse"}"#, bearer: fresh).status == 200, "a recent session")

        sut.world.clock.advance(by: 24 * 3600 + 1)
        let refresh = try #require(session.object["refresh_token"]?.stringValue)
        let refreshed = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(refresh)"}"#)
        let old = try #require(refreshed.object["access_token"]?.stringValue)
        let needed = await sut.supabase("PUT", "user", json: #"{"password":"third horse"}"#, bearer: old)
        #expect(
            needed.status == 400
                && needed.object == [
                    "code": .string("reauthentication_needed"), "message": .string("Password update requires reauthentication"),
                ])
        let invalid = await sut.supabase("PUT", "user", json: #"{"password":"third horse","nonce":"123456"}"#, bearer: old)
        #expect(
            invalid.status == 422
                && invalid.object == [
                    "code": .string("reauthentication_not_valid"), "message": .string("Nonce has expired or is invalid"),
                ])
        #expect(await sut.supabase("GET", "reauthenticate", bearer: old).status == 200)
        let nonce = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com")).code
        sut.world.clock.advance(by: 3601)
        let next = try #require(refreshed.object["refresh_token"]?.stringValue)
        let again = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(next)"}"#)
        let later = try #require(again.object["access_token"]?.stringValue)
        let expired = await sut.supabase("PUT", "user", json: #"{"password":"third horse","nonce":"\#(nonce)"}"#, bearer: later)
        #expect(expired.status == 422 && expired.object["code"] == .string("reauthentication_not_valid"), "past GOTRUE_MAILER_OTP_EXP")
    }
}

import AuthData
import AuthEmulator
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The `redirect_to` a client sends with `/otp`, `/signup` and `/recover` (supabase-js and
/// supabase-py put `emailRedirectTo` in the query) reaches the emailed link, when allowed, as
/// GoTrue's templates write it (internal/api/mail.go, mailer/templatemailer/templatemailer.go,
/// internal/utilities/request.go `GetReferrer`: `redirect_to`, then `Referer`, else the site URL).
@Suite("Emulator: Supabase mailed links carry redirect_to")
struct SupabaseMailRedirectTests {
    private func makeSUT() async throws -> EmulatorHarness {
        try await EmulatorHarness.passwords { $0.uriAllowList = ["https://app.example.com/**"] }.sut
    }

    private func linkRedirect(_ sut: EmulatorHarness, _ email: String) async throws -> String? {
        let link = try #require(await sut.world.services.mailbox.latest(for: email)?.link)
        return URLComponents(string: link)?.queryItems?.first { $0.name == "redirect_to" }?.value
    }

    @Test("/otp?redirect_to= an allowed URL: the link's redirect_to is it; a URL not allowed falls back to the site URL")
    func otp() async throws {
        let sut = try await makeSUT()
        let target = "https://app.example.com/welcome?from=mail"
        let encoded = try #require(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        #expect(await sut.supabase("POST", "otp?redirect_to=\(encoded)", json: #"{"email":"ada@example.com"}"#).status == 200)
        #expect(try await linkRedirect(sut, "ada@example.com") == target)

        let elsewhere = "otp?redirect_to=https%3A%2F%2Fevil.example.net%2F"
        #expect(await sut.supabase("POST", elsewhere, json: #"{"email":"bob@example.com"}"#).status == 200)
        #expect(try await linkRedirect(sut, "bob@example.com") == "http://127.0.0.1:3000")
    }

    @Test("/signup and /recover: redirect_to as for /otp; the Referer when there is no redirect_to")
    func signupAndRecover() async throws {
        let sut = try await makeSUT()
        let body = #"{"email":"cy@example.com","password":"correct horse"}"#
        #expect(await sut.supabase("POST", "signup?redirect_to=https%3A%2F%2Fapp.example.com%2Fconfirmed", json: body).status == 200)
        #expect(try await linkRedirect(sut, "cy@example.com") == "https://app.example.com/confirmed")

        let headers = ["apikey": sut.emulator.anonKey, "referer": "https://app.example.com/settings"]
        let admin = try sut.world.services.supabase.serviceRoleKey()
        let created = await sut.supabase("POST", "admin/users", json: #"{"email":"di@example.com","email_confirm":true}"#, bearer: admin)
        #expect(created.status == 200)
        #expect(await sut.send("POST", "/auth/v1/recover", json: #"{"email":"di@example.com"}"#, headers: headers).status == 200)
        #expect(try await linkRedirect(sut, "di@example.com") == "https://app.example.com/settings")
    }
}

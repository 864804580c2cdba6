import AuthData
import AuthEmulator
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The project settings GoTrue's variables turn on and off, served over `/auth/v1` as GoTrue
/// serves them: `GET /settings` (internal/api/settings.go) agrees with what `/signup`
/// (api/signup.go, the route in api/api.go, api/anonymous.go), `/otp` (api/magic_link.go),
/// `/token` (api/token.go, api/token_oidc.go), `/recover` (api/middleware.go
/// `requireEmailProvider`) and `/authorize` (api/external.go) do.
@Suite("Emulator: Supabase project settings")
struct SupabaseProjectSettingsRouteTests {
    private func makeSUT(_ change: (inout SupabaseSettings) -> Void) async throws -> EmulatorHarness {
        try await EmulatorHarness.passwords(change).sut
    }

    private func refusal(_ response: EmulatorResponse) -> (Int, String?) {
        (response.status, response.object["code"]?.stringValue)
    }

    @Test("GET /settings reports the configured providers and sign-up settings")
    func settingsReport() async throws {
        let sut = try await makeSUT {
            $0.disableSignup = true
            $0.emailEnabled = false
            $0.anonymousUsersEnabled = false
            $0.mailerAutoconfirm = true
            $0.enabledProviders = [.google]
        }
        let body = await sut.supabase("GET", "settings").object
        let external = try #require(body["external"]?.objectValue)
        #expect(external["email"] == .bool(false) && external["anonymous_users"] == .bool(false))
        #expect(external["apple"] == .bool(false) && external["google"] == .bool(true) && external["phone"] == .bool(false))
        #expect(body["disable_signup"] == .bool(true) && body["mailer_autoconfirm"] == .bool(true))
        let plain = try await EmulatorHarness.passwords().sut
        let defaults = await plain.supabase("GET", "settings").object
        #expect(defaults["disable_signup"] == .bool(false) && defaults["external"]?.objectValue?["email"] == .bool(true))
    }

    @Test("GOTRUE_DISABLE_SIGNUP: sign-ups, anonymous sign-ins and codes for new addresses get 422 signup_disabled")
    func signupDisabled() async throws {
        let sut = try await makeSUT { $0.disableSignup = true }
        #expect(
            refusal(await sut.supabase("POST", "signup", json: #"{"email":"ada@example.com","password":"correct horse"}"#))
                == (422, "signup_disabled"))
        #expect(refusal(await sut.supabase("POST", "signup", json: "{}")) == (422, "signup_disabled"))
        #expect(refusal(await sut.supabase("POST", "otp", json: #"{"email":"ada@example.com"}"#)) == (422, "signup_disabled"))
        #expect(await sut.supabase("GET", "settings").object["disable_signup"] == .bool(true))
    }

    @Test("GOTRUE_EXTERNAL_EMAIL_ENABLED=false: email_provider_disabled with each route's own status")
    func emailDisabled() async throws {
        let sut = try await makeSUT { $0.emailEnabled = false }
        let password = #"{"email":"ada@example.com","password":"correct horse"}"#
        #expect(refusal(await sut.supabase("POST", "signup", json: password)) == (400, "email_provider_disabled"))
        #expect(refusal(await sut.supabase("POST", "otp", json: #"{"email":"ada@example.com"}"#)) == (422, "email_provider_disabled"))
        #expect(refusal(await sut.supabase("POST", "token?grant_type=password", json: password)) == (422, "email_provider_disabled"))
        #expect(refusal(await sut.supabase("POST", "recover", json: #"{"email":"ada@example.com"}"#)) == (400, "email_provider_disabled"))
        #expect(await sut.supabase("POST", "signup", json: "{}").status == 200, "anonymous sign-ins are another provider")
    }

    @Test("GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED=false: 422 anonymous_provider_disabled")
    func anonymousDisabled() async throws {
        let sut = try await makeSUT { $0.anonymousUsersEnabled = false }
        #expect(refusal(await sut.supabase("POST", "signup", json: "{}")) == (422, "anonymous_provider_disabled"))
    }

    @Test("GOTRUE_EXTERNAL_APPLE_ENABLED=false: the id_token grant 400 provider_disabled; /authorize 400")
    func providerDisabled() async throws {
        let sut = try await makeSUT { $0.enabledProviders = [.google] }
        let (token, nonce) = try await sut.appleToken()
        let response = await sut.supabase(
            "POST", "token?grant_type=id_token", json: #"{"provider":"apple","id_token":"\#(token)","nonce":"\#(nonce)"}"#)
        #expect(refusal(response) == (400, "provider_disabled"))
        #expect(response.object["message"] == .string(#"Provider (issuer "https://appleid.apple.com") is not enabled"#))
        let authorize = await sut.send("GET", "/auth/v1/authorize?provider=apple&redirect_to=http://127.0.0.1:3000/")
        #expect(authorize.status == 400)
    }
}

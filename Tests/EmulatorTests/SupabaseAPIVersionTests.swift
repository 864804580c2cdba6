import AuthEmulator
import AuthTestSupport
import Testing

/// `X-Supabase-Api-Version` read as GoTrue reads it (internal/api/apiversions.go
/// `DetermineClosestAPIVersion`, internal/api/errors.go `HandleResponseError`: echoed on errors
/// only), and `POST /sso` in a project without SAML (internal/api/middleware.go `requireSAMLEnabled`).
@Suite("Emulator: Supabase API version and SSO")
struct SupabaseAPIVersionTests {
    @Test(
        "a valid date on or after 2024-01-01 gives the code/message shape and the echo; others the legacy shape",
        arguments: [
            ("2024-01-01", true), ("2025-02-28", true), ("2024-02-29", true), ("2023-12-31", false), ("garbage", false),
            ("2025-02-29", false), ("2024-13-01", false), ("2024-1-01", false), ("", false),
        ])
    func version(header: String, versioned: Bool) async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.send(
            "POST", "/auth/v1/token?grant_type=refresh_token", json: #"{"refresh_token":"nope"}"#,
            headers: ["apikey": sut.emulator.anonKey, "x-supabase-api-version": header])
        #expect(response.status == 400)
        #expect((response.object["code"]?.stringValue != nil) == versioned, "2024-01-01: code is a string; before: error_code")
        #expect((response.header("X-Supabase-Api-Version") == "2024-01-01") == versioned)
    }

    @Test("successes carry no X-Supabase-Api-Version")
    func success() async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.supabase("GET", "settings")
        #expect(response.status == 200 && response.header("X-Supabase-Api-Version") == nil)
    }

    @Test("POST /sso: 404 saml_provider_disabled")
    func sso() async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.supabase("POST", "sso", json: #"{"domain":"example.com"}"#)
        #expect(response.status == 404 && response.object["code"] == .string("saml_provider_disabled"))
        #expect(response.object["message"] == .string("SAML 2.0 is disabled"))
    }
}

import AuthEmulator
import Foundation
import Testing

/// The page a web app serves for passkeys, as the emulator serves it at `/web/passkeys/{backend}`:
/// one per backend, its script allowed to fetch this emulator's routes and nothing else, behind
/// the Host check every route has. (Its ceremonies run in headless Chromium:
/// Tests/Browser/passkey_check.py.)
@Suite("Web passkey page")
struct WebPasskeyPageTests {
    @Test("each backend's page names its routes and key; the policy allows same-origin fetches only", arguments: ["supabase", "firebase"])
    func page(backend: String) async throws {
        let sut = try await EmulatorHarness.make()
        let response = await sut.send("GET", "/web/passkeys/\(backend)")
        #expect(response.status == 200)
        let policy = try #require(response.header("content-security-policy"))
        #expect(policy.contains("connect-src 'self'") && policy.contains("default-src 'none'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("*") && !policy.contains("http"), "no other origin")
        let text = response.text
        #expect(text.contains("data-backend=\"\(backend)\""))
        #expect(!text.contains("src=\"http") && !text.contains("href=\"http"), "nothing loaded from elsewhere")
        #expect(text.contains("navigator.credentials.create") && text.contains("navigator.credentials.get"))
        if backend == "supabase" {
            #expect(text.contains("data-key=\"\(sut.emulator.anonKey)\""), "the anon key a web app ships")
            #expect(text.contains("'/auth/v1/passkeys/'") && text.contains("'registration/options'"))
            #expect(text.contains("'authentication/verify'") && text.contains("'/auth/v1/otp'"))
        } else {
            #expect(text.contains("passkeyEnrollment:start") && text.contains("passkeySignIn:finalize"))
        }
    }

    @Test("another backend is 404; the other pages keep a policy without connect-src")
    func unknownBackend() async throws {
        let sut = try await EmulatorHarness.make()
        let missing = await sut.send("GET", "/web/passkeys/auth0")
        #expect(missing.status == 404)
        #expect(missing.header("content-security-policy")?.contains("connect-src") == false)
        #expect(await sut.send("POST", "/web/passkeys/supabase").status == 405)
    }

    @Test("a Host that is not this machine's is refused, as on every route (DNS rebinding)")
    func hostCheck() async throws {
        let sut = try await EmulatorHarness.make()
        let rebound = await sut.send("GET", "/web/passkeys/supabase", headers: ["host": "attacker.example:9999"])
        #expect(rebound.status == 403)
        #expect(await sut.send("GET", "/web/passkeys/supabase", headers: ["host": "localhost:9999"]).status == 200)
    }
}

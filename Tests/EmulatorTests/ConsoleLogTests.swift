import AuthEmulator
import Foundation
import Testing

/// The console's log of recent requests: what was asked and answered, never a key, code or token.
@Suite("Console: the request log")
struct ConsoleLogTests {
    @Test("requests show with method, path and status, newest first; queries (keys, tokens) and the console's own requests do not")
    func log() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"log@example.com"}"#).status == 200)
        _ = await sut.send("GET", "/auth/v1/verify?token=secret-token-hash&type=signup")
        _ = await sut.firebase("accounts:lookup", json: #"{"idToken":"not-a-token"}"#)
        let page = await sut.console("GET", "/console/log")
        #expect(page.status == 200)
        let text = page.text
        #expect(text.contains("/auth/v1/otp") && text.contains("/auth/v1/verify") && text.contains("accounts:lookup"))
        #expect(!text.contains("secret-token-hash") && !text.contains("test-key") && !text.contains("not-a-token"), "no query, no body")
        let lookup = try #require(text.range(of: "accounts:lookup"))
        let otp = try #require(text.range(of: "/auth/v1/otp"))
        #expect(lookup.lowerBound < otp.lowerBound, "newest first")
        #expect(!text.contains(">/console/log<"), "the console's own requests are left out")
    }
}

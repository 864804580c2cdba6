import ArgumentParser
import AuthDomain
import AuthSimulation
import Testing

@testable import login

/// `login serve`'s Supabase flags map to GoTrue's settings; without them the settings are
/// GoTrue's defaults; the embedded world turns manual linking and passkeys on.
@Suite("login serve: Supabase settings")
struct SupabaseServeOptionsTests {
    private func serve(_ arguments: [String]) throws -> ServeCommand {
        try #require(try Login.parseAsRoot(["serve"] + arguments) as? ServeCommand)
    }

    @Test("no flags: GoTrue's defaults")
    func defaults() throws {
        #expect(try serve([]).supabase.settings == SupabaseSettings())
    }

    @Test("each flag sets its setting")
    func flags() throws {
        let settings = try serve([
            "--supabase-manual-linking", "--supabase-allow-unverified-email-sign-ins", "--supabase-skip-nonce-check", "google",
            "--supabase-rate-limits", "off",
        ]).supabase.settings
        #expect(settings.manualLinkingEnabled && settings.allowUnverifiedEmailSignIns)
        #expect(settings.skipNonceCheck == [.google] && settings.rateLimits == nil)
    }

    @Test("GoTrue's variables set the settings; a flag given wins over its variable, a flag left out keeps it")
    func variablesThenFlags() throws {
        let gotrue = try GoTrueEnvironment([
            "GOTRUE_SITE_URL": "http://localhost:9999", "GOTRUE_PASSWORD_MIN_LENGTH": "10", "GOTRUE_MAILER_AUTOCONFIRM": "true",
            "GOTRUE_DISABLE_SIGNUP": "true",
        ])
        let settings = try serve(["--supabase-site-url", "https://app.example.com", "--supabase-rate-limits", "off"]).supabase.settings(
            over: gotrue)
        #expect(settings.siteURL == "https://app.example.com" && settings.rateLimits == nil)
        #expect(settings.passwordMinLength == 10 && settings.mailerAutoconfirm && settings.disableSignup)
    }

    @Test(
        "bad values are usage errors", arguments: [["--supabase-rate-limits", "sometimes"], ["--supabase-skip-nonce-check", "facebook"]])
    func badValues(arguments: [String]) {
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve"] + arguments) }
    }

    @Test("the embedded world: GoTrue's defaults with manual linking on, and passkeys for RP ID localhost and origin https://localhost")
    func embedded() {
        var expected = SupabaseSettings()
        expected.manualLinkingEnabled = true
        expected.passkey = SupabasePasskeySettings(rpID: "localhost", displayName: "login", origins: ["https://localhost"])
        #expect(GlobalOptions.embeddedSupabaseSettings == expected)
    }
}

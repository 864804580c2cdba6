import AuthSimulation
import Testing

/// GoTrue's passkey variables (internal/conf/configuration.go `PasskeyConfiguration`,
/// `WebAuthnConfiguration` and its `Validate`), read as envconfig reads them.
@Suite("Supabase passkey settings from GoTrue's variables")
struct SupabasePasskeySettingsTests {
    @Test("unset: off, 10 passkeys a user, challenges expire after 5m")
    func defaults() throws {
        let settings = try SupabasePasskeySettings(environment: [:])
        #expect(!settings.enabled && settings.maxPasskeysPerUser == 10 && settings.challengeExpiry == 300)
    }

    @Test("set: on, with the RP ID, display name and comma-separated origins; a Go duration for the expiry")
    func enabled() throws {
        let settings = try SupabasePasskeySettings(environment: [
            "GOTRUE_PASSKEY_ENABLED": "true", "GOTRUE_WEBAUTHN_RP_ID": "example.com", "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": "Example",
            "GOTRUE_WEBAUTHN_RP_ORIGINS": "https://example.com,https://app.example.com", "GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER": "3",
            "GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION": "90s",
        ])
        #expect(
            settings
                == {
                    var expected = SupabasePasskeySettings(
                        rpID: "example.com", displayName: "Example",
                        origins: ["https://example.com", "https://app.example.com"])
                    expected.maxPasskeysPerUser = 3
                    expected.challengeExpiry = 90
                    return expected
                }())
    }

    @Test("refused as GoTrue refuses to start: on without an RP ID, display name or origins; a bad boolean or duration")
    func refused() {
        let base = [
            "GOTRUE_PASSKEY_ENABLED": "1", "GOTRUE_WEBAUTHN_RP_ID": "localhost", "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": "App",
            "GOTRUE_WEBAUTHN_RP_ORIGINS": "http://localhost:3000",
        ]
        #expect(throws: Never.self) { try SupabasePasskeySettings(environment: base) }
        for name in ["GOTRUE_WEBAUTHN_RP_ID", "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME", "GOTRUE_WEBAUTHN_RP_ORIGINS"] {
            var environment = base
            environment[name] = nil
            #expect(throws: SupabasePasskeySettingsError.self, "\(name)") { try SupabasePasskeySettings(environment: environment) }
        }
        for (name, value) in [
            ("GOTRUE_PASSKEY_ENABLED", "yes"), ("GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "5 minutes"),
            ("GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER", "0"), ("GOTRUE_WEBAUTHN_RP_ORIGINS", "localhost"),
        ] {
            var environment = base
            environment[name] = value
            #expect(
                throws: SupabasePasskeySettingsError.self,
                "\(name)=\(value)"
            ) { try SupabasePasskeySettings(environment: environment) }
        }
    }
}

import AuthSimulation
import Testing

/// `GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED` (default true) and
/// `GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION` (default false), after GoTrue
/// internal/conf/configuration.go (`MailerConfiguration.SecureEmailChangeEnabled`,
/// `SecurityConfiguration.UpdatePasswordRequireReauthentication`).
@Suite("GoTrue environment: account change settings")
struct GoTrueAccountChangeSettingsTests {
    @Test("GoTrue's defaults, both variables read, neither warned about as unmodelled")
    func variables() throws {
        let defaults = SupabaseSettings()
        #expect(defaults.secureEmailChangeEnabled && !defaults.updatePasswordRequireReauthentication)
        let gotrue = try GoTrueEnvironment([
            "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED": "false", "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION": "t",
        ])
        #expect(gotrue.unmodelled.isEmpty)
        let settings = try gotrue.apply(to: defaults)
        #expect(!settings.secureEmailChangeEnabled && settings.updatePasswordRequireReauthentication)
    }

    @Test("a value Go's strconv.ParseBool refuses names the variable")
    func refused() {
        #expect(throws: GoTrueEnvironment.Failure.self) {
            try GoTrueEnvironment(["GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED": "yes"])
        }
    }
}

import AuthDomain
import Foundation
import Testing

@testable import AuthSimulation

/// A Supabase CLI project's `config.toml` mapped to GoTrue's variables as `supabase start` maps
/// it (supabase/cli apps/cli-go/internal/start/start.go `buildGotrueEnv`,
/// `appendGotrueExternalProviderEnv`; apps/cli-go/pkg/config/auth.go `PasswordRequirements.ToChar`;
/// apps/cli-go/pkg/config/decode_hooks.go `LoadEnvHook` for `env(NAME)`).
@Suite("Supabase CLI config.toml")
struct SupabaseConfigTOMLTests {
    /// The CLI's own template, from a local snapshot of supabase/cli, when there is one.
    private static let template: [UInt8]? = {
        let mirror = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../.mirror/supabase+cli/repo")
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", mirror.standardized.path, "show", "HEAD:apps/cli-go/pkg/config/templates/config.toml"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        return git.terminationStatus == 0 ? Array(data) : nil
    }()

    @Test(
        "the CLI's template (pkg/config/templates/config.toml) maps to the variables supabase start sets",
        .enabled(if: template != nil, "no snapshot of supabase/cli at ../.mirror"))
    func cliTemplate() throws {
        let config = try SupabaseConfigTOML(parsing: try #require(Self.template), environment: [:])
        let variables = config.variables
        #expect(variables["GOTRUE_SITE_URL"] == "http://127.0.0.1:3000")
        #expect(variables["GOTRUE_URI_ALLOW_LIST"] == "https://127.0.0.1:3000")
        #expect(variables["GOTRUE_JWT_EXP"] == "3600")
        #expect(variables["GOTRUE_DISABLE_SIGNUP"] == "false")
        #expect(variables["GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED"] == "false")
        #expect(variables["GOTRUE_MAILER_AUTOCONFIRM"] == "true", "enable_confirmations = false")
        #expect(variables["GOTRUE_MAILER_OTP_LENGTH"] == "6" && variables["GOTRUE_MAILER_OTP_EXP"] == "3600")
        #expect(variables["GOTRUE_EXTERNAL_APPLE_ENABLED"] == "false")
        #expect(variables["GOTRUE_RATE_LIMIT_OTP"] == "30" && variables["GOTRUE_RATE_LIMIT_TOKEN_REFRESH"] == "150")
        #expect(config.unsetEnvironment.contains("SUPABASE_AUTH_EXTERNAL_APPLE_SECRET"))
        #expect(config.unmapped.allSatisfy { $0.hasPrefix("auth.") })

        let settings = try GoTrueEnvironment(variables).apply(to: SupabaseSettings())
        #expect(!settings.anonymousUsersEnabled && settings.mailerAutoconfirm && !settings.disableSignup)
        #expect(!settings.enabledProviders.contains(.apple))
        #expect(settings.uriAllowList == ["https://127.0.0.1:3000"])
    }

    /// supabase/cli apps/cli-go/pkg/config/templates/config.toml merged under the file
    /// (`mergeDefaultValues`, apps/cli-go/pkg/config/config.go); `GOTRUE_RATE_LIMIT_EMAIL_SENT`
    /// as `buildGotrueEnv` and its caller in apps/cli-go/internal/start/start.go set it.
    @Test("a key the file leaves out has the CLI template's value, and a default is never warned about")
    func absentKeys() throws {
        let config = try SupabaseConfigTOML(parsing: Array("[auth]\nsite_url = \"https://app.example.com\"\n".utf8), environment: [:])
        let variables = config.variables
        #expect(variables["GOTRUE_SITE_URL"] == "https://app.example.com")
        #expect(variables["GOTRUE_MAILER_AUTOCONFIRM"] == "true" && variables["GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED"] == "false")
        #expect(variables["GOTRUE_MFA_TOTP_ENROLL_ENABLED"] == "false" && variables["GOTRUE_MFA_TOTP_VERIFY_ENABLED"] == "false")
        #expect(variables["GOTRUE_EXTERNAL_APPLE_ENABLED"] == "false" && variables["GOTRUE_EXTERNAL_GOOGLE_ENABLED"] == "false")
        #expect(variables["GOTRUE_RATE_LIMIT_EMAIL_SENT"] == "360000" && variables["GOTRUE_JWT_EXP"] == "3600")
        #expect(config.unmapped.isEmpty && config.unsetEnvironment.isEmpty)
        let gotrue = try GoTrueEnvironment(variables)
        #expect(gotrue.unmodelled.isEmpty, "a default never names a variable the emulator does not model")
        let settings = try gotrue.apply(to: SupabaseSettings())
        #expect(settings.mailerAutoconfirm && !settings.anonymousUsersEnabled && !settings.disableSignup && settings.emailEnabled)
        #expect(!settings.mfa.totpEnrollEnabled && !settings.mfa.totpVerifyEnabled)
        #expect(settings.enabledProviders.isEmpty && settings.uriAllowList == ["https://127.0.0.1:3000"])
        #expect(settings.jwtExpiry == 3600 && settings.mailerOTPExpiry == 3600 && settings.secureEmailChangeEnabled)

        let smtpFile = "[auth.email.smtp]\nenabled = true\nhost = \"smtp.example.com\""
        let smtp = try SupabaseConfigTOML(parsing: Array(smtpFile.utf8), environment: [:])
        #expect(smtp.variables["GOTRUE_RATE_LIMIT_EMAIL_SENT"] == "2", "auth.rate_limit.email_sent counts with the project's SMTP")
        #expect(smtp.unmapped == ["auth.email.smtp.host"])
    }

    private static let sample = """
        project_id = "sample"
        [auth]
        site_url = "https://app.example.com"
        additional_redirect_urls = ["https://app.example.com/**", "myapp://callback"]
        jwt_expiry = 600
        enable_signup = false
        enable_anonymous_sign_ins = true
        minimum_password_length = 10
        password_requirements = "lower_upper_letters_digits"
        jwt_secret = "env(SAMPLE_JWT_SECRET)"
        [auth.email]
        enable_signup = true
        enable_confirmations = true
        otp_length = 8
        otp_expiry = 900
        [auth.rate_limit]
        token_verifications = 12
        [auth.external.google]
        enabled = true
        client_id = "env(SAMPLE_GOOGLE_CLIENT)"
        skip_nonce_check = true
        [auth.mfa.totp]
        enroll_enabled = false
        [auth.hook.custom_access_token]
        enabled = true
        """

    @Test("a project's settings, with env() resolved as the CLI resolves it, reach the engine's settings")
    func sample() throws {
        let environment = ["SAMPLE_JWT_SECRET": "a-project-secret-of-32-characters!", "SAMPLE_GOOGLE_CLIENT": "web-client.apps"]
        let config = try SupabaseConfigTOML(parsing: Array(Self.sample.utf8), environment: environment)
        #expect(config.variables["GOTRUE_JWT_SECRET"] == "a-project-secret-of-32-characters!")
        let required = config.variables["GOTRUE_PASSWORD_REQUIRED_CHARACTERS"]
        #expect(required == "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789")
        #expect(config.origins["GOTRUE_DISABLE_SIGNUP"] == "auth.enable_signup")
        #expect(config.unmapped == ["auth.hook.custom_access_token.enabled"])
        #expect(config.unsetEnvironment.isEmpty)

        let gotrue = try GoTrueEnvironment(config.variables)
        let settings = try gotrue.apply(to: SupabaseSettings())
        #expect(settings.siteURL == "https://app.example.com")
        #expect(settings.uriAllowList == ["https://app.example.com/**", "myapp://callback"])
        #expect(settings.jwtExpiry == 600 && settings.disableSignup && settings.anonymousUsersEnabled)
        #expect(settings.passwordMinLength == 10 && settings.passwordRequiredCharacters.count == 3)
        #expect(!settings.mailerAutoconfirm && settings.mailerOTPLength == 8 && settings.mailerOTPExpiry == 900)
        #expect(settings.skipNonceCheck.contains(.google) && settings.enabledProviders.contains(.google))
        #expect(gotrue.clientIDs[.google] == ["web-client.apps"])
        #expect(gotrue.jwtSecret == "a-project-secret-of-32-characters!")
    }

    @Test(
        "a value of the wrong type, or an unknown password_requirements, is refused with its line",
        arguments: [
            ("[auth]\njwt_expiry = \"soon\"", 2, "auth.jwt_expiry takes an integer"),
            ("[auth]\n\nenable_signup = 1", 3, "auth.enable_signup takes a boolean"),
            ("[auth]\nadditional_redirect_urls = \"x\"", 2, "takes an array of strings"),
            ("[auth]\npassword_requirements = \"strong\"", 2, "must be one of"),
            ("[auth]\nsite_url = [1]", 2, "takes a string"),
            ("[auth\n", 1, "must end with ]"),
        ])
    func refused(text: String, line: Int, reason: String) {
        #expect { try SupabaseConfigTOML(parsing: Array(text.utf8), environment: [:]) } throws: { error in
            guard let failure = error as? SupabaseConfigTOML.Failure else { return false }
            return failure.line == line && failure.reason.contains(reason)
        }
    }
}

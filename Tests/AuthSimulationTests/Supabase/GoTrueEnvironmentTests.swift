import AuthDomain
import Testing

@testable import AuthSimulation

/// GoTrue's environment variables, read with GoTrue's names and value syntax
/// (internal/conf/configuration.go, loaded by envconfig with Go's strconv; `ApplyDefaults` for
/// out-of-range values; `PasswordRequiredCharacters.Decode`; the limits as
/// internal/api/apilimiter/apilimiter.go builds them).
@Suite("GoTrue environment variables")
struct GoTrueEnvironmentTests {
    private func settings(_ environment: [String: String]) throws -> SupabaseSettings {
        try GoTrueEnvironment(environment).apply(to: SupabaseSettings())
    }

    @Test("no variables: the settings are unchanged")
    func empty() throws {
        #expect(try settings([:]) == SupabaseSettings())
        #expect(try GoTrueEnvironment([:]).unmodelled.isEmpty)
    }

    @Test("supabase-py's fixture server with sign-ups disabled (src/auth/infra/docker-compose.yml)")
    func signupDisabledServer() throws {
        let environment = [
            "GOTRUE_JWT_SECRET": "37c304f8-51aa-419a-a1af-06154e63707a", "GOTRUE_JWT_EXP": "3600", "GOTRUE_DB_DRIVER": "postgres",
            "DB_NAMESPACE": "auth", "PORT": "9997", "GOTRUE_DISABLE_SIGNUP": "true", "GOTRUE_SITE_URL": "http://localhost:9997",
            "GOTRUE_MAILER_AUTOCONFIRM": "false", "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true",
            "GOTRUE_EXTERNAL_PHONE_ENABLED": "false", "GOTRUE_EXTERNAL_EMAIL_ENABLED": "false", "GOTRUE_SMTP_PASS": "GOTRUE_SMTP_PASS",
        ]
        let gotrue = try GoTrueEnvironment(environment)
        let settings = try gotrue.apply(to: SupabaseSettings())
        #expect(settings.disableSignup && !settings.emailEnabled && settings.anonymousUsersEnabled && !settings.mailerAutoconfirm)
        #expect(settings.siteURL == "http://localhost:9997" && settings.jwtExpiry == 3600)
        #expect(gotrue.jwtSecret == "37c304f8-51aa-419a-a1af-06154e63707a")
        #expect(
            gotrue.unmodelled == ["GOTRUE_DB_DRIVER", "GOTRUE_EXTERNAL_PHONE_ENABLED", "GOTRUE_SMTP_PASS"],
            "GOTRUE_ names only; PORT and DB_NAMESPACE are not GoTrue settings of the project")
    }

    @Test(
        "Go's booleans (strconv.ParseBool)",
        arguments: [
            ("1", true), ("t", true), ("T", true), ("TRUE", true), ("true", true), ("True", true),
            ("0", false), ("f", false), ("F", false), ("FALSE", false), ("false", false), ("False", false),
        ])
    func booleans(text: String, value: Bool) throws {
        #expect(try settings(["GOTRUE_MAILER_AUTOCONFIRM": text]).mailerAutoconfirm == value)
    }

    @Test(
        "a value Go refuses names the variable, never the value",
        arguments: [
            ["GOTRUE_DISABLE_SIGNUP": "yes"], ["GOTRUE_DISABLE_SIGNUP": ""], ["GOTRUE_JWT_EXP": "1h"], ["GOTRUE_JWT_EXP": "-5"],
            ["GOTRUE_MAILER_OTP_EXP": "-1"], ["GOTRUE_PASSWORD_MIN_LENGTH": "6.5"], ["GOTRUE_RATE_LIMIT_OTP": "lots"],
            ["GOTRUE_RATE_LIMIT_EMAIL_SENT": "10/soon"], ["GOTRUE_RATE_LIMIT_EMAIL_SENT": "-1"],
            ["GOTRUE_SITE_URL": "localhost"], ["API_EXTERNAL_URL": "ftp://example.com"], ["GOTRUE_EXTERNAL_GOOGLE_ENABLED": "on"],
        ])
    func refused(environment: [String: String]) throws {
        let (name, value) = try #require(environment.first)
        let failure = try #require(throws: GoTrueEnvironment.Failure.self) { try GoTrueEnvironment(environment) }
        #expect(failure.variable == name)
        #expect(value.isEmpty || !failure.description.contains(value))
    }

    @Test("autoconfirm and unverified email sign-ins together are refused, as ApplyDefaults does")
    func autoconfirmAndUnverified() {
        #expect(throws: GoTrueEnvironment.Failure.self) {
            try GoTrueEnvironment(["GOTRUE_MAILER_AUTOCONFIRM": "true", "GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS": "true"])
        }
    }

    @Test("integers in any of Go's bases; ApplyDefaults' fallbacks for zero and out-of-range values")
    func numbers() throws {
        let hex = try settings(["GOTRUE_JWT_EXP": "0x0E10", "GOTRUE_MAILER_OTP_LENGTH": "8", "GOTRUE_PASSWORD_MIN_LENGTH": "12"])
        #expect(hex.jwtExpiry == 3600 && hex.mailerOTPLength == 8 && hex.passwordMinLength == 12)
        let zero = try settings([
            "GOTRUE_JWT_EXP": "0", "GOTRUE_MAILER_OTP_EXP": "0", "GOTRUE_MAILER_OTP_LENGTH": "11",
            "GOTRUE_PASSWORD_MIN_LENGTH": "2",
        ])
        #expect(zero.jwtExpiry == 3600 && zero.mailerOTPExpiry == 86400 && zero.mailerOTPLength == 6 && zero.passwordMinLength == 6)
        #expect(try settings(["GOTRUE_MAILER_OTP_EXP": "600"]).mailerOTPExpiry == 600)
    }

    @Test("lists split at every comma (envconfig's []string); empty entries dropped")
    func lists() throws {
        let read = try settings(["GOTRUE_URI_ALLOW_LIST": "https://supabase.io/docs,http://localhost:3000/**,"])
        #expect(read.uriAllowList == ["https://supabase.io/docs", "http://localhost:3000/**"])
        let ids = try GoTrueEnvironment([
            "GOTRUE_EXTERNAL_GOOGLE_CLIENT_ID": "web.apps.googleusercontent.com,ios.apps.googleusercontent.com",
            "GOTRUE_EXTERNAL_APPLE_CLIENT_ID": "com.example.web", "GOTRUE_EXTERNAL_IOS_BUNDLE_ID": "com.example.app",
        ]).clientIDs
        #expect(ids[.google] == ["web.apps.googleusercontent.com", "ios.apps.googleusercontent.com"])
        #expect(ids[.apple] == ["com.example.web", "com.example.app"])
    }

    @Test("GOTRUE_PASSWORD_REQUIRED_CHARACTERS: sets split at ':', '\\:' keeps a colon")
    func requiredCharacters() throws {
        let read = try settings(["GOTRUE_PASSWORD_REQUIRED_CHARACTERS": #"abcdefghijklmnopqrstuvwxyz:0123456789:!@\:#"#])
        #expect(read.passwordRequiredCharacters == ["abcdefghijklmnopqrstuvwxyz", "0123456789", "!@:#"])
    }

    @Test("providers: enabled, nonce check, per GOTRUE_EXTERNAL_<PROVIDER>_*")
    func providers() throws {
        let read = try settings(["GOTRUE_EXTERNAL_APPLE_ENABLED": "false", "GOTRUE_EXTERNAL_GOOGLE_SKIP_NONCE_CHECK": "true"])
        #expect(read.enabledProviders == [.google] && read.skipNonceCheck == [.google])
    }

    @Test("rate limits as apilimiter.go builds them; none when limits are off")
    func rateLimits() throws {
        let read = try settings(["GOTRUE_RATE_LIMIT_OTP": "5", "GOTRUE_RATE_LIMIT_ANONYMOUS_USERS": "2.5"])
        let limits = try #require(read.rateLimits)
        #expect(limits.otp == .init(events: 5, period: 300, burst: 5))
        #expect(limits.anonymousUsers == .init(events: 2.5, period: 3600, burst: 2.5))
        #expect(limits.verify == SupabaseRateLimits.gotrue.verify)
        var off = SupabaseSettings()
        off.rateLimits = nil
        #expect(try GoTrueEnvironment(["GOTRUE_RATE_LIMIT_OTP": "5"]).apply(to: off).rateLimits == nil)
    }

    @Test("GOTRUE_RATE_LIMIT_EMAIL_SENT in conf.Rate's syntax (internal/conf/rate.go); GOTRUE_RATE_LIMIT_HEADER names the key's header")
    func emailSentAndHeader() throws {
        #expect(try settings([:]).rateLimits?.emailSent == .init(events: 30, period: 3600, isBurst: false))
        #expect(try settings([:]).rateLimitHeader == nil)
        #expect(
            try settings(["GOTRUE_RATE_LIMIT_EMAIL_SENT": "4.5"]).rateLimits?.emailSent == .init(events: 4.5, period: 3600, isBurst: false))
        #expect(
            try settings(["GOTRUE_RATE_LIMIT_EMAIL_SENT": "10/90s"]).rateLimits?.emailSent == .init(events: 10, period: 90, isBurst: true))
        #expect(try settings(["GOTRUE_RATE_LIMIT_HEADER": "X-Forwarded-For"]).rateLimitHeader == "X-Forwarded-For")
        #expect(try GoTrueEnvironment(["GOTRUE_RATE_LIMIT_HEADER": "X-Real-IP", "GOTRUE_RATE_LIMIT_EMAIL_SENT": "2"]).unmodelled.isEmpty)
    }

    @Test("API_EXTERNAL_URL without its trailing slash")
    func externalURL() throws {
        #expect(try settings(["API_EXTERNAL_URL": "http://localhost:9999/"]).externalURL == "http://localhost:9999")
    }
}

/// The Supabase CLI's mapping from `[auth]` keys to GoTrue variables (supabase/cli
/// `apps/cli-go/internal/start/start.go`), applied to one ``TOMLDocument``.
struct SupabaseConfigMapper {
    /// How a key becomes a variable.
    enum Rule {
        case bool(String)
        /// The variable is the key's negation (`enable_signup` → `GOTRUE_DISABLE_SIGNUP`).
        case negated(String)
        case int(String)
        case string(String)
        /// An array of strings joined with commas.
        case list(String)
        /// `password_requirements` (`PasswordRequirements.ToChar`, apps/cli-go/pkg/config/auth.go).
        case passwordRequirements
    }

    static let rules: [String: Rule] = [
        "auth.site_url": .string("GOTRUE_SITE_URL"),
        "auth.additional_redirect_urls": .list("GOTRUE_URI_ALLOW_LIST"),
        "auth.jwt_expiry": .int("GOTRUE_JWT_EXP"),
        "auth.jwt_secret": .string("GOTRUE_JWT_SECRET"),
        "auth.jwt_issuer": .string("GOTRUE_JWT_ISSUER"),
        "auth.enable_signup": .negated("GOTRUE_DISABLE_SIGNUP"),
        "auth.enable_anonymous_sign_ins": .bool("GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED"),
        "auth.enable_manual_linking": .bool("GOTRUE_SECURITY_MANUAL_LINKING_ENABLED"),
        "auth.enable_refresh_token_rotation": .bool("GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED"),
        "auth.refresh_token_reuse_interval": .int("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL"),
        "auth.minimum_password_length": .int("GOTRUE_PASSWORD_MIN_LENGTH"),
        "auth.password_requirements": .passwordRequirements,
        "auth.email.enable_signup": .bool("GOTRUE_EXTERNAL_EMAIL_ENABLED"),
        "auth.email.double_confirm_changes": .bool("GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED"),
        "auth.email.enable_confirmations": .negated("GOTRUE_MAILER_AUTOCONFIRM"),
        "auth.email.secure_password_change": .bool("GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION"),
        "auth.email.otp_length": .int("GOTRUE_MAILER_OTP_LENGTH"),
        "auth.email.otp_expiry": .int("GOTRUE_MAILER_OTP_EXP"),
        "auth.email.max_frequency": .string("GOTRUE_SMTP_MAX_FREQUENCY"),
        "auth.sms.enable_signup": .bool("GOTRUE_EXTERNAL_PHONE_ENABLED"),
        "auth.sms.enable_confirmations": .negated("GOTRUE_SMS_AUTOCONFIRM"),
        "auth.sms.max_frequency": .string("GOTRUE_SMS_MAX_FREQUENCY"),
        "auth.rate_limit.anonymous_users": .int("GOTRUE_RATE_LIMIT_ANONYMOUS_USERS"),
        "auth.rate_limit.token_refresh": .int("GOTRUE_RATE_LIMIT_TOKEN_REFRESH"),
        "auth.rate_limit.sign_in_sign_ups": .int("GOTRUE_RATE_LIMIT_OTP"),
        "auth.rate_limit.token_verifications": .int("GOTRUE_RATE_LIMIT_VERIFY"),
        "auth.rate_limit.sms_sent": .int("GOTRUE_RATE_LIMIT_SMS_SENT"),
        "auth.rate_limit.web3": .int("GOTRUE_RATE_LIMIT_WEB3"),
        "auth.mfa.max_enrolled_factors": .int("GOTRUE_MFA_MAX_ENROLLED_FACTORS"),
        "auth.mfa.totp.enroll_enabled": .bool("GOTRUE_MFA_TOTP_ENROLL_ENABLED"),
        "auth.mfa.totp.verify_enabled": .bool("GOTRUE_MFA_TOTP_VERIFY_ENABLED"),
        "auth.mfa.phone.enroll_enabled": .bool("GOTRUE_MFA_PHONE_ENROLL_ENABLED"),
        "auth.mfa.phone.verify_enabled": .bool("GOTRUE_MFA_PHONE_VERIFY_ENABLED"),
        "auth.mfa.web_authn.enroll_enabled": .bool("GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED"),
        "auth.mfa.web_authn.verify_enabled": .bool("GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED"),
        "auth.passkey.enabled": .bool("GOTRUE_PASSKEY_ENABLED"),
        "auth.webauthn.rp_id": .string("GOTRUE_WEBAUTHN_RP_ID"),
        "auth.webauthn.rp_display_name": .string("GOTRUE_WEBAUTHN_RP_DISPLAY_NAME"),
        "auth.webauthn.rp_origins": .list("GOTRUE_WEBAUTHN_RP_ORIGINS"),
    ]

    /// `[auth.external.<provider>]` fields and their variable suffixes.
    static let providerFields: [String: (suffix: String, isBool: Bool)] = [
        "enabled": ("ENABLED", true), "client_id": ("CLIENT_ID", false), "secret": ("SECRET", false),
        "skip_nonce_check": ("SKIP_NONCE_CHECK", true), "email_optional": ("EMAIL_OPTIONAL", true),
        "redirect_uri": ("REDIRECT_URI", false), "url": ("URL", false),
    ]

    /// Keys read elsewhere, or that say nothing the emulator could differ on.
    static let handled: Set<String> = [
        "auth.enabled", "auth.signing_keys_path", "auth.rate_limit.email_sent", "auth.email.smtp.enabled",
    ]

    let document: TOMLDocument
    let environment: [String: String]
    private(set) var variables: [String: String] = [:]
    private(set) var origins: [String: String] = [:]
    private(set) var unmapped: [String] = []
    private(set) var unset: Set<String> = []

    init(document: TOMLDocument, environment: [String: String]) {
        self.document = document
        self.environment = environment
    }

    mutating func mapAll() throws(SupabaseConfigTOML.Failure) {
        for key in document.values.keys.sorted() where key.hasPrefix("auth.") {
            if let rule = Self.rules[key] {
                try apply(rule, key: key)
            } else if key.hasPrefix("auth.external.") {
                try provider(key)
            } else if !Self.handled.contains(key) {
                unmapped.append(key)
            }
        }
        try mapEmailSent()
    }

    /// `GOTRUE_RATE_LIMIT_EMAIL_SENT`: `auth.rate_limit.email_sent` with the project's own SMTP
    /// server (`[auth.email.smtp] enabled = true`), else the CLI's fixed local value (supabase/cli
    /// `apps/cli-go/internal/start/start.go`).
    private mutating func mapEmailSent() throws(SupabaseConfigTOML.Failure) {
        let smtp = document["auth.email.smtp.enabled"] == nil ? false : try bool("auth.email.smtp.enabled")
        if smtp {
            set("GOTRUE_RATE_LIMIT_EMAIL_SENT", String(try int("auth.rate_limit.email_sent")), from: "auth.rate_limit.email_sent")
        } else {
            set("GOTRUE_RATE_LIMIT_EMAIL_SENT", SupabaseCLIDefaults.localEmailSent, from: "auth.email.smtp.enabled")
        }
    }

    private mutating func apply(_ rule: Rule, key: String) throws(SupabaseConfigTOML.Failure) {
        switch rule {
        case .bool(let name): set(name, try bool(key) ? "true" : "false", from: key)
        case .negated(let name): set(name, try bool(key) ? "false" : "true", from: key)
        case .int(let name): set(name, String(try int(key)), from: key)
        case .string(let name): set(name, try string(key) ?? "", from: key)
        case .list(let name): set(name, try list(key).joined(separator: ","), from: key)
        case .passwordRequirements:
            let sets = [
                "": "", "letters_digits": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
                "lower_upper_letters_digits": "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
                "lower_upper_letters_digits_symbols":
                    "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789:!@#$%^&*()_+-=[]{};'\\\\:\"|<>?,./`~",
            ]
            let text = try string(key) ?? ""
            guard let characters = sets[text] else {
                throw failure(key, "must be one of \"\", letters_digits, lower_upper_letters_digits, lower_upper_letters_digits_symbols")
            }
            set("GOTRUE_PASSWORD_REQUIRED_CHARACTERS", characters, from: key)
        }
    }

    private mutating func provider(_ key: String) throws(SupabaseConfigTOML.Failure) {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, let field = Self.providerFields[String(parts[3])],
            parts[2].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else {
            unmapped.append(key)
            return
        }
        let name = "GOTRUE_EXTERNAL_\(parts[2].uppercased())_\(field.suffix)"
        set(name, field.isBool ? (try bool(key) ? "true" : "false") : (try string(key) ?? ""), from: key)
    }

    private mutating func set(_ name: String, _ value: String, from key: String) {
        variables[name] = value
        origins[name] = key
    }

    private func failure(_ key: String, _ reason: String) -> SupabaseConfigTOML.Failure {
        SupabaseConfigTOML.Failure(line: document.lines[key], reason: "\(key) \(reason)")
    }

    /// A string value, `env(NAME)` resolved; `nil` when the key is absent.
    mutating func string(_ key: String) throws(SupabaseConfigTOML.Failure) -> String? {
        switch document[key] {
        case nil: return nil
        case .string(let text): return resolve(text)
        default: throw failure(key, "takes a string")
        }
    }

    private mutating func resolve(_ text: String) -> String {
        guard text.hasPrefix("env("), text.hasSuffix(")"), text.count > 5 else { return text }
        let name = String(text.dropFirst(4).dropLast())
        if let value = environment[name], !value.isEmpty { return value }
        unset.insert(name)
        return text
    }

    private mutating func bool(_ key: String) throws(SupabaseConfigTOML.Failure) -> Bool {
        switch document[key] {
        case .bool(let value): return value
        case .string(let text): if let value = GoValueSyntax.bool(resolve(text)) { return value }
        default: break
        }
        throw failure(key, "takes a boolean")
    }

    private mutating func int(_ key: String) throws(SupabaseConfigTOML.Failure) -> Int64 {
        switch document[key] {
        case .integer(let value): return value
        case .string(let text): if let value = GoValueSyntax.int(resolve(text)) { return Int64(value) }
        default: break
        }
        throw failure(key, "takes an integer")
    }

    private mutating func list(_ key: String) throws(SupabaseConfigTOML.Failure) -> [String] {
        guard case .array(let elements) = document[key] else { throw failure(key, "takes an array of strings") }
        var texts: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw failure(key, "takes an array of strings") }
            texts.append(resolve(text))
        }
        return texts
    }
}

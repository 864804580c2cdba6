import AuthDomain

/// A Supabase project's settings read from GoTrue's own environment variables, with GoTrue's
/// names and value syntax (`internal/conf/configuration.go`, loaded by `envconfig`): the way a
/// self-hosted GoTrue, a `docker-compose.yml` or a test fixture configures it.
///
/// A variable that is absent keeps the setting it is applied to; a `GOTRUE_` variable this
/// emulator does not model is named in ``unmodelled`` (its value is never kept: it may be a
/// secret), so that a caller can warn rather than ignore it in silence.
///
/// ```swift
/// let gotrue = try GoTrueEnvironment(ProcessInfo.processInfo.environment)
/// var settings = gotrue.apply(to: SupabaseSettings())
/// ```
public struct GoTrueEnvironment: Sendable {
    /// A variable whose value GoTrue would refuse, or that is out of this emulator's bounds.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The variable's name.
        public let variable: String
        /// What is wrong with its value (which is not repeated: it may be a secret).
        public let reason: String

        /// Creates a failure.
        /// - Parameters:
        ///   - variable: The variable's name.
        ///   - reason: What is wrong.
        public init(variable: String, reason: String) {
            self.variable = variable
            self.reason = reason
        }

        public var description: String { "\(variable): \(reason)" }
    }

    /// The providers whose `GOTRUE_EXTERNAL_<PROVIDER>_*` variables are modelled.
    static let providers: [(name: String, id: ProviderID)] = [("APPLE", .apple), ("GOOGLE", .google)]

    /// The variables read, besides the providers' (``providers``).
    static let names: Set<String> = [
        "GOTRUE_JWT_SECRET", "GOTRUE_JWT_EXP", "GOTRUE_SITE_URL", "GOTRUE_URI_ALLOW_LIST", "GOTRUE_DISABLE_SIGNUP",
        "GOTRUE_MAILER_AUTOCONFIRM", "GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS", "GOTRUE_EXTERNAL_EMAIL_ENABLED",
        "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED", "GOTRUE_SECURITY_MANUAL_LINKING_ENABLED", "GOTRUE_PASSWORD_MIN_LENGTH",
        "GOTRUE_PASSWORD_REQUIRED_CHARACTERS", "GOTRUE_MAILER_OTP_EXP", "GOTRUE_MAILER_OTP_LENGTH", "GOTRUE_RATE_LIMIT_OTP",
        "GOTRUE_RATE_LIMIT_VERIFY", "GOTRUE_RATE_LIMIT_TOKEN_REFRESH", "GOTRUE_RATE_LIMIT_ANONYMOUS_USERS",
        "GOTRUE_RATE_LIMIT_EMAIL_SENT", "GOTRUE_RATE_LIMIT_HEADER",
        "GOTRUE_EXTERNAL_IOS_BUNDLE_ID", "API_EXTERNAL_URL", "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED",
        "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION",
        // SupabaseMFASettings
        "GOTRUE_MFA_TOTP_ENROLL_ENABLED", "GOTRUE_MFA_TOTP_VERIFY_ENABLED", "GOTRUE_MFA_MAX_ENROLLED_FACTORS",
        "GOTRUE_MFA_MAX_VERIFIED_FACTORS", "GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY", "GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION",
        "GOTRUE_MFA_FACTOR_EXPIRY_DURATION",
        // SupabasePasskeySettings
        "GOTRUE_PASSKEY_ENABLED", "GOTRUE_WEBAUTHN_RP_ID", "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME", "GOTRUE_WEBAUTHN_RP_ORIGINS",
        "GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER", "GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION",
        // GoTrueJWTKeys
        "GOTRUE_JWT_KEYS",
    ]

    /// The longest value read, in bytes (an emulator bound; GoTrue has none).
    public static let maxValueBytes = 64 * 1024

    /// The variables that were set, by name (modelled ones only).
    private let values: [String: String]
    /// The `GOTRUE_` variables set that this emulator does not model, sorted.
    public let unmodelled: [String]

    /// Reads the variables GoTrue would read from an environment.
    /// - Parameter environment: The process environment (or a compose file's `environment:`).
    /// - Throws: ``Failure`` for a modelled variable's value GoTrue would refuse.
    public init(_ environment: [String: String]) throws(Failure) {
        let providerNames = Set(
            Self.providers.flatMap { provider in
                ["ENABLED", "CLIENT_ID", "SKIP_NONCE_CHECK"].map { "GOTRUE_EXTERNAL_\(provider.name)_\($0)" }
            })
        let modelled = Self.names.union(providerNames)
        values = environment.filter { modelled.contains($0.key) }
        unmodelled = environment.keys.filter { $0.hasPrefix("GOTRUE_") && !modelled.contains($0) }.sorted()
        for (name, value) in values where value.utf8.count > Self.maxValueBytes {
            throw Failure(variable: name, reason: "longer than \(Self.maxValueBytes) bytes")
        }
        _ = try apply(to: SupabaseSettings())
        if let keys = jwtKeys {
            do { _ = try GoTrueJWTKeys(parsing: keys) } catch { throw Failure(variable: "GOTRUE_JWT_KEYS", reason: error.reason) }
        }
    }

    /// `GOTRUE_JWT_KEYS` (a JSON array of private JWKs, ``GoTrueJWTKeys``), when set and not empty.
    public var jwtKeys: String? { values["GOTRUE_JWT_KEYS"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `GOTRUE_JWT_SECRET`, when set and not empty.
    public var jwtSecret: String? { values["GOTRUE_JWT_SECRET"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The client ids accepted per provider (`GOTRUE_EXTERNAL_<PROVIDER>_CLIENT_ID`, a comma-separated
    /// list, and `GOTRUE_EXTERNAL_IOS_BUNDLE_ID` for Apple), for the providers that set any.
    public var clientIDs: [ProviderID: [String]] {
        var ids: [ProviderID: [String]] = [:]
        for provider in Self.providers {
            let listed = GoValueSyntax.list(values["GOTRUE_EXTERNAL_\(provider.name)_CLIENT_ID"] ?? "").filter { !$0.isEmpty }
            if !listed.isEmpty { ids[provider.id] = listed }
        }
        if let bundle = values["GOTRUE_EXTERNAL_IOS_BUNDLE_ID"], !bundle.isEmpty { ids[.apple, default: []].append(bundle) }
        return ids
    }

    /// The settings with every variable that was set applied, by GoTrue's rules
    /// (`ApplyDefaults`: a zero `GOTRUE_JWT_EXP` is 3600, a zero `GOTRUE_MAILER_OTP_EXP` 86400, an
    /// OTP length outside 6 to 10 is 6, a password minimum under 6 is 6).
    /// - Parameter base: The settings before (GoTrue's defaults, or flags already given).
    /// - Returns: The settings after.
    /// - Throws: ``Failure`` for a value GoTrue would refuse.
    public func apply(to base: SupabaseSettings) throws(Failure) -> SupabaseSettings {
        var settings = base
        try read("GOTRUE_DISABLE_SIGNUP", bool: &settings.disableSignup)
        try read("GOTRUE_MAILER_AUTOCONFIRM", bool: &settings.mailerAutoconfirm)
        try read("GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS", bool: &settings.allowUnverifiedEmailSignIns)
        try read("GOTRUE_EXTERNAL_EMAIL_ENABLED", bool: &settings.emailEnabled)
        try read("GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED", bool: &settings.anonymousUsersEnabled)
        try read("GOTRUE_SECURITY_MANUAL_LINKING_ENABLED", bool: &settings.manualLinkingEnabled)
        try read("GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", bool: &settings.secureEmailChangeEnabled)
        try read("GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", bool: &settings.updatePasswordRequireReauthentication)
        if settings.mailerAutoconfirm, settings.allowUnverifiedEmailSignIns {
            throw Failure(
                variable: "GOTRUE_MAILER_AUTOCONFIRM",
                reason: "cannot enable both GOTRUE_MAILER_AUTOCONFIRM and GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS")
        }
        try applyProviders(to: &settings)
        try applyURLs(to: &settings)
        try applyNumbers(to: &settings)
        if let text = values["GOTRUE_PASSWORD_REQUIRED_CHARACTERS"] { settings.passwordRequiredCharacters = Self.requiredCharacters(text) }
        try GoTrueRateLimitVariables(values: values).apply(to: &settings)
        if values.keys.contains(where: { $0.hasPrefix("GOTRUE_MFA_") }) { settings.mfa = SupabaseMFASettings(environment: values) }
        if values.keys.contains(where: { $0.hasPrefix("GOTRUE_PASSKEY_") || $0.hasPrefix("GOTRUE_WEBAUTHN_") }) {
            do { settings.passkey = try SupabasePasskeySettings(environment: values) } catch {
                switch error {
                case .invalid(let variable, let reason): throw Failure(variable: variable, reason: reason)
                }
            }
        }
        return settings
    }

    private func applyProviders(to settings: inout SupabaseSettings) throws(Failure) {
        for provider in Self.providers {
            var enabled = settings.enabledProviders.contains(provider.id)
            try read("GOTRUE_EXTERNAL_\(provider.name)_ENABLED", bool: &enabled)
            if enabled { settings.enabledProviders.insert(provider.id) } else { settings.enabledProviders.remove(provider.id) }
            var skip = settings.skipNonceCheck.contains(provider.id)
            try read("GOTRUE_EXTERNAL_\(provider.name)_SKIP_NONCE_CHECK", bool: &skip)
            if skip { settings.skipNonceCheck.insert(provider.id) } else { settings.skipNonceCheck.remove(provider.id) }
        }
    }

    private func applyURLs(to settings: inout SupabaseSettings) throws(Failure) {
        if let site = values["GOTRUE_SITE_URL"] {
            guard Self.isAbsolute(site) else { throw Failure(variable: "GOTRUE_SITE_URL", reason: "must be an absolute URL") }
            settings.siteURL = site
        }
        if let list = values["GOTRUE_URI_ALLOW_LIST"] {
            let globs = GoValueSyntax.list(list).filter { !$0.isEmpty }
            guard globs.allSatisfy({ $0.utf8.count <= 2048 }) else {
                throw Failure(variable: "GOTRUE_URI_ALLOW_LIST", reason: "each glob takes at most 2048 bytes")
            }
            settings.uriAllowList = globs
        }
        if let external = values["API_EXTERNAL_URL"] {
            guard Self.isAbsolute(external), external.hasPrefix("http://") || external.hasPrefix("https://") else {
                throw Failure(variable: "API_EXTERNAL_URL", reason: "must be an http or https URL")
            }
            settings.externalURL = external.hasSuffix("/") ? String(external.dropLast()) : external
        }
    }

    private func applyNumbers(to settings: inout SupabaseSettings) throws(Failure) {
        if let text = values["GOTRUE_JWT_EXP"] {
            guard let seconds = GoValueSyntax.int(text), seconds >= 0, seconds <= 31_536_000 else {
                throw Failure(variable: "GOTRUE_JWT_EXP", reason: "takes whole seconds, 0 (GoTrue's 3600) to 31536000")
            }
            settings.jwtExpiry = seconds == 0 ? 3600 : seconds
        }
        if let text = values["GOTRUE_MAILER_OTP_EXP"] {
            guard let seconds = GoValueSyntax.uint(text), seconds <= 31_536_000 else {
                throw Failure(variable: "GOTRUE_MAILER_OTP_EXP", reason: "takes whole seconds, 0 (GoTrue's 86400) to 31536000")
            }
            settings.mailerOTPExpiry = seconds == 0 ? 86400 : Int(seconds)
        }
        if let text = values["GOTRUE_MAILER_OTP_LENGTH"] {
            guard let digits = GoValueSyntax.int(text) else {
                throw Failure(variable: "GOTRUE_MAILER_OTP_LENGTH", reason: "takes an integer")
            }
            settings.mailerOTPLength = (6...10).contains(digits) ? digits : 6
        }
        if let text = values["GOTRUE_PASSWORD_MIN_LENGTH"] {
            guard let length = GoValueSyntax.int(text), length <= 72 else {
                throw Failure(variable: "GOTRUE_PASSWORD_MIN_LENGTH", reason: "takes an integer up to 72 (bcrypt's limit)")
            }
            settings.passwordMinLength = max(length, 6)
        }
    }

    private func read(_ name: String, bool setting: inout Bool) throws(Failure) {
        guard let text = values[name] else { return }
        guard let value = GoValueSyntax.bool(text) else {
            throw Failure(variable: name, reason: "takes a Go boolean (true, false, 1, 0, t, f, TRUE, FALSE, True, False)")
        }
        setting = value
    }

    /// GoTrue's `PasswordRequiredCharacters.Decode`: sets separated by `:`, `\:` for a colon
    /// inside a set, empty sets dropped.
    static func requiredCharacters(_ text: String) -> [String] {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        for index in parts.indices.dropLast() where parts[index].hasSuffix("\\") {
            parts[index] = String(parts[index].dropLast()) + ":" + parts[index + 1]
            parts[index + 1] = ""
        }
        return parts.filter { !$0.isEmpty }
    }

    private static func isAbsolute(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } && text[colon...].count > 1
    }
}

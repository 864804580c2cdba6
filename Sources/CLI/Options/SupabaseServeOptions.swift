import ArgumentParser
import AuthDomain
import AuthSimulation
import Foundation

/// `login serve`'s Supabase settings: a Supabase CLI project's `config.toml` (`--supabase-config`),
/// then GoTrue's own environment variables (``GoTrueEnvironment``), then these flags, shorthands for
/// the most used of them: a flag wins over a variable, a variable over the file.
struct SupabaseServeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A Supabase CLI project's supabase/config.toml: its [auth] settings, as `supabase start` passes them to GoTrue "
                + "(GoTrue variables and flags win over it).", valueName: "path"))
    var supabaseConfig: String?

    @Flag(help: "Serve DELETE /user/identities/{id} (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED; off by default, as in GoTrue).")
    var supabaseManualLinking = false

    @Flag(
        help:
            """
            Give a session to an identity whose provider did not verify its email (GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS; off\
             by default).
            """
    )
    var supabaseAllowUnverifiedEmailSignIns = false

    @Option(
        help: ArgumentHelp(
            "Do not check the nonce of this provider's ID tokens (GOTRUE_EXTERNAL_<PROVIDER>_SKIP_NONCE_CHECK; repeatable).",
            valueName: CLIProvider.idTokenProviders.map(\.argument).joined(separator: "|")))
    var supabaseSkipNonceCheck: [String] = []

    @Option(
        help: ArgumentHelp("GoTrue's per-client rate limits (GOTRUE_RATE_LIMIT_*): gotrue (the defaults) or off.", valueName: "gotrue|off"))
    var supabaseRateLimits: String?

    @Option(
        help: ArgumentHelp(
            """
            Also accept this redirect_to (GOTRUE_URI_ALLOW_LIST; a glob: * within a host label or path segment, ** across; repeatable).\
             Loopback addresses need none.
            """,
            valueName: "glob"))
    var supabaseURIAllowList: [String] = []

    @Option(
        help: ArgumentHelp(
            "Where browser flows land when redirect_to is missing or not allowed (GOTRUE_SITE_URL; default http://127.0.0.1:3000).",
            valueName: "url"))
    var supabaseSiteURL: String?

    @Flag(help: "Confirm email + password sign-ups at once and give them a session (GOTRUE_MAILER_AUTOCONFIRM; off by default).")
    var supabaseMailerAutoconfirm = false

    @Option(
        help: ArgumentHelp(
            "The shortest password accepted, in bytes (GOTRUE_PASSWORD_MIN_LENGTH; 6 to 72; default 6).", valueName: "n"))
    var supabasePasswordMinLength: Int?

    @Option(
        help: ArgumentHelp(
            "Sign the anon and service-role keys with this project-specific secret (16 to 4096 characters) instead of the "
                + "Supabase CLI's well-known local one. Other users can read a command line: prefer the GOTRUE_JWT_SECRET variable.",
            valueName: "secret"))
    var supabaseJWTSecret: String?

    @Flag(help: "Sign the anon and service-role keys with a secret generated for this state directory, not the well-known one.")
    var supabaseStateKeys = false

    /// The project secret given: `--supabase-jwt-secret`, else GoTrue's `GOTRUE_JWT_SECRET` variable
    /// (which, unlike a command line, other users cannot read), else `auth.jwt_secret` in the
    /// `config.toml` (already merged into the environment).
    /// - Parameter environment: The variables, the file's merged under them.
    func projectJWTSecret(in environment: [String: String]) -> String? {
        supabaseJWTSecret ?? environment["GOTRUE_JWT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The JWT secret to serve with: the project's (``projectJWTSecret(in:)``), `nil` (the state
    /// directory's own) with `--supabase-state-keys`, else the local stack's well-known one.
    /// - Parameter environment: The variables, the file's merged under them.
    func jwtSecret(in environment: [String: String]) -> String? {
        if supabaseStateKeys { return nil }
        return projectJWTSecret(in: environment) ?? SupabaseLocalKeys.jwtSecret
    }

    /// Whether the keys are the well-known local ones, which protect nothing.
    /// - Parameter environment: The variables, the file's merged under them.
    func usesWellKnownKeys(in environment: [String: String]) -> Bool { jwtSecret(in: environment) == SupabaseLocalKeys.jwtSecret }

    func validate() throws {
        try validateSecret(in: ProcessInfo.processInfo.environment)
        try validateFlags()
    }

    /// The project secret's bounds (supabase/cli refuses a `jwt_secret` under 16 characters).
    /// - Parameter environment: The variables, the file's merged under them.
    func validateSecret(in environment: [String: String]) throws {
        if let secret = projectJWTSecret(in: environment) {
            // supabase/cli pkg/config/apikeys.go refuses a jwt_secret under 16 characters.
            guard (16...4096).contains(secret.count) else {
                throw ValidationError("--supabase-jwt-secret (or GOTRUE_JWT_SECRET) takes 16 to 4096 characters")
            }
            if supabaseStateKeys {
                throw ValidationError(
                    "--supabase-jwt-secret (or GOTRUE_JWT_SECRET) and --supabase-state-keys both choose the keys: give one")
            }
        }
    }

    private func validateFlags() throws {
        if let length = supabasePasswordMinLength, !(6...72).contains(length) {
            throw ValidationError("--supabase-password-min-length takes 6 to 72")
        }
        if let site = supabaseSiteURL, URL(string: site)?.scheme == nil {
            throw ValidationError("--supabase-site-url must be an absolute URL")
        }
        for glob in supabaseURIAllowList where glob.isEmpty || glob.utf8.count > 2048 {
            throw ValidationError("--supabase-uri-allow-list takes a non-empty glob of at most 2048 bytes")
        }
        if let limits = supabaseRateLimits, !["gotrue", "off"].contains(limits) {
            throw ValidationError("--supabase-rate-limits must be gotrue or off")
        }
        let idTokenProviders = CLIProvider.idTokenProviders
        for provider in supabaseSkipNonceCheck where !idTokenProviders.map(\.argument).contains(provider) {
            throw ValidationError("--supabase-skip-nonce-check must be \(CLIProvider.listed(idTokenProviders))")
        }
        do { _ = try SupabasePasskeySettings(environment: ProcessInfo.processInfo.environment) } catch {
            throw ValidationError(error.description)
        }
    }

    /// The settings these flags describe, over GoTrue's defaults.
    var settings: SupabaseSettings { applyFlags(to: SupabaseSettings()) }

    /// The settings GoTrue's variables describe, with these flags applied over them.
    /// - Parameter gotrue: The variables read from the environment.
    /// - Returns: The settings to serve with.
    /// - Throws: ``GoTrueEnvironment/Failure`` for a variable GoTrue would refuse.
    func settings(over gotrue: GoTrueEnvironment) throws(GoTrueEnvironment.Failure) -> SupabaseSettings {
        applyFlags(to: try gotrue.apply(to: SupabaseSettings()))
    }

    /// The flags that were given, over some settings: a flag given wins, a flag left out keeps
    /// the setting.
    private func applyFlags(to base: SupabaseSettings) -> SupabaseSettings {
        var settings = base
        if supabaseManualLinking { settings.manualLinkingEnabled = true }
        if supabaseAllowUnverifiedEmailSignIns { settings.allowUnverifiedEmailSignIns = true }
        settings.skipNonceCheck.formUnion(supabaseSkipNonceCheck.map { ProviderID(rawValue: $0) })
        if let limits = supabaseRateLimits { settings.rateLimits = limits == "off" ? nil : .gotrue }
        if !supabaseURIAllowList.isEmpty { settings.uriAllowList = supabaseURIAllowList }
        if let site = supabaseSiteURL { settings.siteURL = site }
        if supabaseMailerAutoconfirm { settings.mailerAutoconfirm = true }
        if let length = supabasePasswordMinLength { settings.passwordMinLength = length }
        return settings
    }
}

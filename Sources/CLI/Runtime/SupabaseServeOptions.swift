import Foundation
import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login serve`'s Supabase settings, one flag per GoTrue setting, each defaulting to GoTrue's
/// own default.
struct SupabaseServeOptions: ParsableArguments {
    @Flag(help: "Serve DELETE /user/identities/{id} (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED; off by default, as in GoTrue).")
    var supabaseManualLinking = false

    @Flag(help: "Give a session to an identity whose provider did not verify its email (GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS; off by default).")
    var supabaseAllowUnverifiedEmailSignIns = false

    @Option(help: ArgumentHelp("Do not check the nonce of this provider's ID tokens (GOTRUE_EXTERNAL_<PROVIDER>_SKIP_NONCE_CHECK; repeatable).",
                               valueName: "apple|google"))
    var supabaseSkipNonceCheck: [String] = []

    @Option(help: ArgumentHelp("GoTrue's per-client rate limits (GOTRUE_RATE_LIMIT_*): gotrue (the defaults) or off.", valueName: "gotrue|off"))
    var supabaseRateLimits = "gotrue"

    @Option(help: ArgumentHelp(
        "Also accept this redirect_to (GOTRUE_URI_ALLOW_LIST; a glob: * within a host label or path segment, ** across; repeatable). Loopback addresses need none.",
        valueName: "glob"))
    var supabaseURIAllowList: [String] = []

    @Option(help: ArgumentHelp("Where browser flows land when redirect_to is missing or not allowed (GOTRUE_SITE_URL).", valueName: "url"))
    var supabaseSiteURL = SupabaseSettings().siteURL

    @Flag(help: "Confirm email + password sign-ups at once and give them a session (GOTRUE_MAILER_AUTOCONFIRM; off by default).")
    var supabaseMailerAutoconfirm = false

    @Option(help: ArgumentHelp("The shortest password accepted, in bytes (GOTRUE_PASSWORD_MIN_LENGTH; 6 to 72).", valueName: "n"))
    var supabasePasswordMinLength = SupabaseSettings().passwordMinLength

    @Option(help: ArgumentHelp(
        "Sign the anon and service-role keys with this project-specific secret (16 to 4096 characters) instead of the "
            + "Supabase CLI's well-known local one. Other users can read a command line: prefer the GOTRUE_JWT_SECRET variable.",
        valueName: "secret"))
    var supabaseJWTSecret: String?

    @Flag(help: "Sign the anon and service-role keys with a secret generated for this state directory, not the well-known one.")
    var supabaseStateKeys = false

    /// The project secret given: `--supabase-jwt-secret`, else GoTrue's `GOTRUE_JWT_SECRET` variable
    /// (which, unlike a command line, other users cannot read).
    var projectJWTSecret: String? {
        supabaseJWTSecret ?? ProcessInfo.processInfo.environment["GOTRUE_JWT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The JWT secret to serve with: the project's (``projectJWTSecret``), `nil` (the state
    /// directory's own) with `--supabase-state-keys`, else the local stack's well-known one.
    var jwtSecret: String? {
        if supabaseStateKeys { return nil }
        return projectJWTSecret ?? SupabaseLocalKeys.jwtSecret
    }

    /// Whether the keys are the well-known local ones, which protect nothing.
    var usesWellKnownKeys: Bool { jwtSecret == SupabaseLocalKeys.jwtSecret }

    func validate() throws {
        if let secret = projectJWTSecret {
            // supabase/cli pkg/config/apikeys.go refuses a jwt_secret under 16 characters.
            guard (16...4096).contains(secret.count) else {
                throw ValidationError("--supabase-jwt-secret (or GOTRUE_JWT_SECRET) takes 16 to 4096 characters")
            }
            if supabaseStateKeys {
                throw ValidationError("--supabase-jwt-secret (or GOTRUE_JWT_SECRET) and --supabase-state-keys both choose the keys: give one")
            }
        }
        guard (6...72).contains(supabasePasswordMinLength) else { throw ValidationError("--supabase-password-min-length takes 6 to 72") }
        guard URL(string: supabaseSiteURL)?.scheme != nil else { throw ValidationError("--supabase-site-url must be an absolute URL") }
        for glob in supabaseURIAllowList where glob.isEmpty || glob.utf8.count > 2048 {
            throw ValidationError("--supabase-uri-allow-list takes a non-empty glob of at most 2048 bytes")
        }
        guard ["gotrue", "off"].contains(supabaseRateLimits) else { throw ValidationError("--supabase-rate-limits must be gotrue or off") }
        for provider in supabaseSkipNonceCheck where !["apple", "google"].contains(provider) {
            throw ValidationError("--supabase-skip-nonce-check must be apple or google")
        }
        do { _ = try SupabasePasskeySettings(environment: ProcessInfo.processInfo.environment) } catch {
            throw ValidationError(error.description)
        }
    }

    /// The settings these flags describe.
    var settings: SupabaseSettings {
        var settings = SupabaseSettings()
        settings.manualLinkingEnabled = supabaseManualLinking
        settings.allowUnverifiedEmailSignIns = supabaseAllowUnverifiedEmailSignIns
        settings.skipNonceCheck = Set(supabaseSkipNonceCheck.map { ProviderID(rawValue: $0) })
        settings.rateLimits = supabaseRateLimits == "off" ? nil : .gotrue
        settings.uriAllowList = supabaseURIAllowList
        settings.siteURL = supabaseSiteURL
        settings.mailerAutoconfirm = supabaseMailerAutoconfirm
        settings.passwordMinLength = supabasePasswordMinLength
        // GoTrue's GOTRUE_MFA_* variables, from the environment only (SupabaseMFASettings).
        settings.mfa = SupabaseMFASettings(environment: ProcessInfo.processInfo.environment)
        // GOTRUE_PASSKEY_ENABLED and GOTRUE_WEBAUTHN_RP_*, read from the environment (checked in validate()).
        settings.passkey = (try? SupabasePasskeySettings(environment: ProcessInfo.processInfo.environment)) ?? SupabasePasskeySettings()
        return settings
    }
}

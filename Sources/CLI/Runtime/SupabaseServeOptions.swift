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

    func validate() throws {
        guard ["gotrue", "off"].contains(supabaseRateLimits) else { throw ValidationError("--supabase-rate-limits must be gotrue or off") }
        for provider in supabaseSkipNonceCheck where !["apple", "google"].contains(provider) {
            throw ValidationError("--supabase-skip-nonce-check must be apple or google")
        }
    }

    /// The settings these flags describe.
    var settings: SupabaseSettings {
        var settings = SupabaseSettings()
        settings.manualLinkingEnabled = supabaseManualLinking
        settings.allowUnverifiedEmailSignIns = supabaseAllowUnverifiedEmailSignIns
        settings.skipNonceCheck = Set(supabaseSkipNonceCheck.map { ProviderID(rawValue: $0) })
        settings.rateLimits = supabaseRateLimits == "off" ? nil : .gotrue
        return settings
    }
}

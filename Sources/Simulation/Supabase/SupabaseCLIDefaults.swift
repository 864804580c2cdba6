/// The `[auth]` values a Supabase CLI project has when its `config.toml` leaves a key out: the CLI
/// merges its embedded template (supabase/cli `apps/cli-go/pkg/config/templates/config.toml`,
/// `mergeDefaultValues` in `apps/cli-go/pkg/config/config.go`) under the project's file before
/// `buildGotrueEnv` (`apps/cli-go/internal/start/start.go`) turns them into GoTrue's variables.
///
/// Only the keys whose variables this emulator models are here, so that a default never causes
/// a warning. `auth.external.google.enabled` is not in the template: the CLI then passes nothing
/// and GoTrue's own default (`false`) applies, which this emulator's default (`true`) is not, so
/// it is stated. `auth.rate_limit.email_sent` counts only with `[auth.email.smtp] enabled = true`
/// (``SupabaseConfigMapper``).
enum SupabaseCLIDefaults {
    /// The template's values, by dotted key path.
    static let values: [String: TOMLValue] = [
        "auth.site_url": .string("http://127.0.0.1:3000"),
        "auth.additional_redirect_urls": .array([.string("https://127.0.0.1:3000")]),
        "auth.jwt_expiry": .integer(3600),
        "auth.enable_signup": .bool(true),
        "auth.enable_anonymous_sign_ins": .bool(false),
        "auth.enable_manual_linking": .bool(false),
        "auth.minimum_password_length": .integer(6),
        "auth.password_requirements": .string(""),
        "auth.rate_limit.email_sent": .integer(2),
        "auth.rate_limit.anonymous_users": .integer(30),
        "auth.rate_limit.token_refresh": .integer(150),
        "auth.rate_limit.sign_in_sign_ups": .integer(30),
        "auth.rate_limit.token_verifications": .integer(30),
        "auth.email.enable_signup": .bool(true),
        "auth.email.double_confirm_changes": .bool(true),
        "auth.email.enable_confirmations": .bool(false),
        "auth.email.secure_password_change": .bool(false),
        "auth.email.otp_length": .integer(6),
        "auth.email.otp_expiry": .integer(3600),
        "auth.mfa.max_enrolled_factors": .integer(10),
        "auth.mfa.totp.enroll_enabled": .bool(false),
        "auth.mfa.totp.verify_enabled": .bool(false),
        "auth.external.apple.enabled": .bool(false),
        "auth.external.apple.skip_nonce_check": .bool(false),
        "auth.external.google.enabled": .bool(false),
    ]

    /// `GOTRUE_RATE_LIMIT_EMAIL_SENT` when the project sends no mail through its own SMTP server:
    /// `buildGotrueEnv` passes this for the local mail catcher.
    static let localEmailSent = "360000"

    /// A parsed file with the template's values under it: a key the file sets keeps the file's
    /// value and line.
    /// - Parameter document: The project's file.
    /// - Returns: The merged document.
    static func merged(under document: TOMLDocument) -> TOMLDocument {
        TOMLDocument(values: values.merging(document.values) { _, file in file }, lines: document.lines)
    }
}

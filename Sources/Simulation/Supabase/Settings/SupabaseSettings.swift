import AuthDomain

/// The settings of a Supabase project that change what Supabase Auth (GoTrue) answers, with
/// GoTrue's own defaults (`internal/conf/configuration.go`). The in-process engine and the
/// emulator read the same value, so they agree; `login serve` has a flag for each.
///
/// ```swift
/// var settings = SupabaseSettings()
/// settings.manualLinkingEnabled = true      // GOTRUE_SECURITY_MANUAL_LINKING_ENABLED=true
/// ```
public struct SupabaseSettings: Sendable, Hashable {
    /// `GOTRUE_SECURITY_MANUAL_LINKING_ENABLED` (default `false`): whether
    /// `DELETE /user/identities/{id}` (and `/user/identities/authorize`) are served; otherwise
    /// they answer 404 `manual_linking_disabled`. The id_token grant's `link_identity` is not gated.
    public var manualLinkingEnabled: Bool
    /// `GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS` (default `false`): whether an identity
    /// whose provider did not verify its email gets a session for a new, unconfirmed user instead
    /// of 422 `provider_email_needs_verification`.
    public var allowUnverifiedEmailSignIns: Bool
    /// `GOTRUE_EXTERNAL_<PROVIDER>_SKIP_NONCE_CHECK` (default off for every provider).
    public var skipNonceCheck: Set<ProviderID>
    /// GoTrue's request limits (`GOTRUE_RATE_LIMIT_*`); `nil` turns them off, as a self-hosted
    /// GoTrue without `Sb-Forwarded-For` effectively has them.
    public var rateLimits: SupabaseRateLimits?
    /// `GOTRUE_RATE_LIMIT_HEADER`: the request header whose first value names the client the
    /// per-client limits count (GoTrue `performRateLimitingWithHeader`); `nil`: no per-client
    /// limits, as GoTrue without it.
    public var rateLimitHeader: String?
    /// `GOTRUE_SITE_URL`: where `GET /verify` redirects when `redirect_to` is missing or not
    /// allowed (the Supabase CLI's default, `http://127.0.0.1:3000`).
    public var siteURL: String
    /// `GOTRUE_URI_ALLOW_LIST`: more `redirect_to` targets, as globs (`*` within a path segment
    /// or host label, `**` across them), matched against the URL without its fragment, query
    /// included (`utilities/request.go` `IsRedirectURLValid`). Loopback IPs need no entry.
    public var uriAllowList: [String]
    /// `GOTRUE_MAILER_AUTOCONFIRM` (default `false`): whether an email + password sign-up is
    /// confirmed at once and gets a session, instead of a mailed confirmation and no session.
    public var mailerAutoconfirm: Bool
    /// `GOTRUE_PASSWORD_MIN_LENGTH` (GoTrue's floor and default: 6), in bytes as Go counts.
    public var passwordMinLength: Int
    /// `GOTRUE_PASSWORD_REQUIRED_CHARACTERS` (default none): sets of characters a new password
    /// must each contain one of, e.g. `["abcdefghijklmnopqrstuvwxyz", "0123456789"]`.
    public var passwordRequiredCharacters: [String]
    /// `GOTRUE_MFA_*`: TOTP enrolment and verification, factor limits, challenge expiry.
    public var mfa = SupabaseMFASettings()
    /// `GOTRUE_PASSKEY_*` and `GOTRUE_WEBAUTHN_*`: passkeys (off by default).
    public var passkey = SupabasePasskeySettings()
    /// `GOTRUE_DISABLE_SIGNUP` (default `false`): whether new users are refused (422
    /// `signup_disabled`) on `/signup`, anonymous sign-ins and `/otp`; admins still create users.
    public var disableSignup: Bool
    /// `GOTRUE_EXTERNAL_EMAIL_ENABLED` (default `true`): whether email sign-ups, codes, links,
    /// recovery and password sign-ins are served (`email_provider_disabled` otherwise).
    public var emailEnabled: Bool
    /// `GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED`: whether anonymous sign-ins are served (422
    /// `anonymous_provider_disabled` otherwise). GoTrue's default is `false`; this emulator's
    /// is `true`, so that a bare `login serve` signs in a guest.
    public var anonymousUsersEnabled: Bool
    /// `GOTRUE_EXTERNAL_<PROVIDER>_ENABLED`: the ID-token providers served (Apple and Google by
    /// default); another provider's ID token gets 400 `provider_disabled`.
    public var enabledProviders: Set<ProviderID>
    /// `GOTRUE_JWT_EXP` (default 3600): access-token lifetime in seconds.
    public var jwtExpiry: Int
    /// `GOTRUE_MAILER_OTP_EXP`: seconds an emailed code or link stays valid (the Supabase CLI's
    /// and hosted projects' 3600; GoTrue's own fallback is 86400).
    public var mailerOTPExpiry: Int
    /// `GOTRUE_MAILER_OTP_LENGTH` (6 to 10; GoTrue uses 6 outside that range): digits of an
    /// emailed code.
    public var mailerOTPLength: Int
    /// `API_EXTERNAL_URL`: the URL clients reach GoTrue's routes at, the issuer of access tokens
    /// and the base of emailed links; `nil` for the emulator's own (`<base>/auth/v1`).
    public var externalURL: String?
    /// `GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED` (default `true`): whether a change of address
    /// mails a code and link to the current address as well as the new one, and changes only once
    /// both are confirmed (`POST /verify` type `email_change`); off, the new address alone.
    public var secureEmailChangeEnabled: Bool
    /// `GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION` (default `false`): whether a
    /// password change from a session older than 24 hours needs the `nonce` that
    /// `GET /reauthenticate` mails (400 `reauthentication_needed` without it).
    public var updatePasswordRequireReauthentication: Bool

    /// The settings of a new GoTrue project: manual linking off, unverified email sign-ins off,
    /// every nonce checked, GoTrue's default rate limits.
    public init() {
        manualLinkingEnabled = false
        allowUnverifiedEmailSignIns = false
        skipNonceCheck = []
        rateLimits = .gotrue
        siteURL = "http://127.0.0.1:3000"
        uriAllowList = []
        mailerAutoconfirm = false
        passwordMinLength = 6
        passwordRequiredCharacters = []
        disableSignup = false
        emailEnabled = true
        anonymousUsersEnabled = true
        enabledProviders = [.apple, .google]
        jwtExpiry = 3600
        mailerOTPExpiry = 3600
        mailerOTPLength = 6
        externalURL = nil
        secureEmailChangeEnabled = true
        updatePasswordRequireReauthentication = false
    }

    /// A one-line account of the settings, for banners and help (`manual linking on, …`).
    public var summary: String {
        [
            "manual linking " + (manualLinkingEnabled ? "on" : "off"),
            "unverified email sign-ins " + (allowUnverifiedEmailSignIns ? "on" : "off"),
            "nonce check "
                + (skipNonceCheck.isEmpty ? "on" : "skipped for " + skipNonceCheck.map(\.rawValue).sorted().joined(separator: ",")),
            "rate limits " + (rateLimits == nil ? "off" : "GoTrue defaults"),
            "email autoconfirm " + (mailerAutoconfirm ? "on" : "off"),
            "sign-ups " + (disableSignup ? "off" : "on"),
            "email provider " + (emailEnabled ? "on" : "off"),
            "anonymous sign-ins " + (anonymousUsersEnabled ? "on" : "off"),
        ].joined(separator: ", ")
    }
}

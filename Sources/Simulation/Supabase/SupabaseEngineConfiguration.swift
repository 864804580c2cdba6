import AuthDomain
import AuthJWT
import Foundation

/// How the Supabase-like engine behaves; defaults follow the Supabase CLI's local stack.
public struct SupabaseEngineConfiguration: Sendable {
    /// `iss` of access tokens (`<project>/auth/v1`), and the base of emailed links: the
    /// emulator's bound address once it listens (``boundBase``), else the one given.
    public var issuer: String {
        get { boundBase.map { $0.url + "/auth/v1" } ?? givenIssuer }
        set {
            givenIssuer = newValue
            boundBase = nil
        }
    }
    private var givenIssuer: String
    /// The emulator's base URL, read when a request arrives, once its port is bound; `nil` when
    /// the issuer is fixed (`API_EXTERNAL_URL`, or in process).
    package var boundBase: LateBoundURL?
    /// The access-token keys: the signing key and the verification keys
    /// (HS256 `GOTRUE_JWT_SECRET` alone by default; `GOTRUE_JWT_KEYS`).
    public var accessTokenKeys: SupabaseAccessTokenKeys
    /// The key that signs access tokens; setting it makes it the only key.
    public var accessTokenKey: JWTSigningKey {
        get { accessTokenKeys.signing }
        set { accessTokenKeys = SupabaseAccessTokenKeys(key: newValue) }
    }
    /// Access-token lifetime (`GOTRUE_JWT_EXP`, ``SupabaseSettings/jwtExpiry``).
    public var accessTokenLifetime: Int {
        get { settings.jwtExpiry }
        set { settings.jwtExpiry = newValue }
    }
    /// Accepted audiences per provider (`GOTRUE_EXTERNAL_<PROVIDER>_CLIENT_ID`, plus the iOS
    /// bundle id for Apple).
    public var clientIDs: [ProviderID: Set<String>]
    /// The project's settings (manual linking, unverified email sign-ins, nonce checks, rate
    /// limits), with GoTrue's defaults.
    public var settings: SupabaseSettings
    /// Providers whose nonce is not checked (`GOTRUE_EXTERNAL_<PROVIDER>_SKIP_NONCE_CHECK`).
    public var skipNonceCheck: Set<ProviderID> {
        get { settings.skipNonceCheck }
        set { settings.skipNonceCheck = newValue }
    }
    /// Seconds a revoked refresh token stays usable (`..._REFRESH_TOKEN_REUSE_INTERVAL`; the CLI
    /// and hosted default is 10).
    public var refreshTokenReuseInterval: TimeInterval
    /// Digits of an email OTP (`GOTRUE_MAILER_OTP_LENGTH`, ``SupabaseSettings/mailerOTPLength``).
    public var otpLength: Int {
        get { settings.mailerOTPLength }
        set { settings.mailerOTPLength = newValue }
    }
    /// Seconds an email OTP stays valid (`GOTRUE_MAILER_OTP_EXP`, ``SupabaseSettings/mailerOTPExpiry``).
    public var otpLifetime: TimeInterval {
        get { TimeInterval(settings.mailerOTPExpiry) }
        set { settings.mailerOTPExpiry = Int(newValue) }
    }
    /// Seconds between two emails to one user (`GOTRUE_SMTP_MAX_FREQUENCY`, 60).
    public var emailResendInterval: TimeInterval
    /// Wrong codes accepted for one outstanding OTP before it is burned (not a GoTrue rule:
    /// GoTrue limits `/verify` per IP; the cumulative per-address budget is
    /// ``SupabaseRateLimits/wrongCodesPerAddress``).
    public var maxWrongOTPAttempts: Int
    /// The largest `user_metadata` accepted from a client, in bytes of JSON (not a GoTrue rule:
    /// GoTrue only caps the body at 1 MiB; every access token carries the metadata, so the
    /// emulator keeps it small). Over it: 400 `validation_failed`.
    public var maxUserMetadataBytes: Int
    /// The audience of access tokens (`GOTRUE_JWT_AUD`, `authenticated` in every Supabase stack).
    public var audience: String
    /// Whether anonymous sign-ins are enabled (``SupabaseSettings/anonymousUsersEnabled``).
    public var anonymousSignInsEnabled: Bool {
        get { settings.anonymousUsersEnabled }
        set { settings.anonymousUsersEnabled = newValue }
    }
    /// Sessions kept per user; the oldest is ended beyond it (an emulator bound; GoTrue keeps
    /// sessions until they are signed out). `nil` keeps all.
    public var maxSessionsPerUser: Int?
    /// The bcrypt cost of new password hashes: GoTrue's `bcrypt.DefaultCost` (10); its own tests
    /// use `bcrypt.MinCost` (4, `QuickHashCost` in internal/crypto/password.go).
    public var passwordHashCost: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - issuer: Access-token issuer.
    ///   - accessTokenKey: The access-token signing key.
    ///   - clientIDs: Accepted audiences per provider.
    public init(issuer: String, accessTokenKey: JWTSigningKey, clientIDs: [ProviderID: Set<String>]) {
        self.givenIssuer = issuer
        self.accessTokenKeys = SupabaseAccessTokenKeys(key: accessTokenKey)
        self.clientIDs = clientIDs
        self.settings = SupabaseSettings()
        self.refreshTokenReuseInterval = 10
        self.emailResendInterval = 60
        self.maxWrongOTPAttempts = 5
        self.maxUserMetadataBytes = 16 * 1024
        self.audience = "authenticated"
        self.maxSessionsPerUser = 64
        self.passwordHashCost = Bcrypt.defaultCost
    }
}

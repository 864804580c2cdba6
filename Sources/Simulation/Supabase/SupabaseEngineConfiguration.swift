import AuthDomain
import AuthJWT
import Foundation

/// How the Supabase-like engine behaves; defaults follow the Supabase CLI's local stack.
public struct SupabaseEngineConfiguration: Sendable {
    /// `iss` of access tokens (`<project>/auth/v1`).
    public var issuer: String
    /// The key that signs access tokens (HS256 `GOTRUE_JWT_SECRET` by default).
    public var accessTokenKey: JWTSigningKey
    /// Access-token lifetime (`GOTRUE_JWT_EXP`).
    public var accessTokenLifetime: Int
    /// Accepted audiences per provider (`GOTRUE_EXTERNAL_<PROVIDER>_CLIENT_ID`, plus the iOS
    /// bundle id for Apple).
    public var clientIDs: [ProviderID: Set<String>]
    /// Providers whose nonce is not checked (`GOTRUE_EXTERNAL_<PROVIDER>_SKIP_NONCE_CHECK`).
    public var skipNonceCheck: Set<ProviderID>
    /// Seconds a revoked refresh token stays usable (`..._REFRESH_TOKEN_REUSE_INTERVAL`; the CLI
    /// and hosted default is 10).
    public var refreshTokenReuseInterval: TimeInterval
    /// Digits of an email OTP (`GOTRUE_MAILER_OTP_LENGTH`).
    public var otpLength: Int
    /// Seconds an email OTP stays valid (`GOTRUE_MAILER_OTP_EXP`; CLI/hosted 3600).
    public var otpLifetime: TimeInterval
    /// Seconds between two emails to one user (`GOTRUE_SMTP_MAX_FREQUENCY`, 60).
    public var emailResendInterval: TimeInterval
    /// Wrong codes accepted for one outstanding OTP before it is burned; GoTrue limits per IP
    /// instead, which an in-process engine has no notion of.
    public var maxWrongOTPAttempts: Int
    /// Whether anonymous sign-ins are enabled.
    public var anonymousSignInsEnabled: Bool
    /// Sessions kept per user; the oldest is ended beyond it (an emulator bound; GoTrue keeps
    /// sessions until they are signed out). `nil` keeps all.
    public var maxSessionsPerUser: Int?

    /// Creates a configuration.
    /// - Parameters:
    ///   - issuer: Access-token issuer.
    ///   - accessTokenKey: The access-token signing key.
    ///   - clientIDs: Accepted audiences per provider.
    public init(issuer: String, accessTokenKey: JWTSigningKey, clientIDs: [ProviderID: Set<String>]) {
        self.issuer = issuer
        self.accessTokenKey = accessTokenKey
        self.accessTokenLifetime = 3600
        self.clientIDs = clientIDs
        self.skipNonceCheck = []
        self.refreshTokenReuseInterval = 10
        self.otpLength = 6
        self.otpLifetime = 3600
        self.emailResendInterval = 60
        self.maxWrongOTPAttempts = 5
        self.anonymousSignInsEnabled = true
        self.maxSessionsPerUser = 64
    }
}

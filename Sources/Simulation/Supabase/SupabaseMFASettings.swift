/// A Supabase project's MFA settings, by GoTrue's names and defaults (internal/conf/configuration.go
/// `MFAConfiguration`).
///
/// ```swift
/// let mfa = SupabaseMFASettings(environment: ProcessInfo.processInfo.environment)
/// ```
public struct SupabaseMFASettings: Sendable, Hashable {
    /// `GOTRUE_MFA_TOTP_ENROLL_ENABLED` (default `true`): otherwise `POST /factors` with
    /// `factor_type: totp` answers 422 `mfa_totp_enroll_not_enabled`.
    public var totpEnrollEnabled = true
    /// `GOTRUE_MFA_TOTP_VERIFY_ENABLED` (default `true`): otherwise challenge and verify answer
    /// 422 `mfa_totp_verify_not_enabled`.
    public var totpVerifyEnabled = true
    /// `GOTRUE_MFA_MAX_ENROLLED_FACTORS` (default 10): factors a user may have, verified or not.
    public var maxEnrolledFactors = 10
    /// `GOTRUE_MFA_MAX_VERIFIED_FACTORS` (default 10).
    public var maxVerifiedFactors = 10
    /// `GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION` in seconds (default 300): how long a challenge
    /// can be verified.
    public var challengeExpirySeconds: Double = 300
    /// `GOTRUE_MFA_FACTOR_EXPIRY_DURATION` (default `300s`): unverified factors older than this
    /// are deleted when the user enrols another.
    public var factorExpirySeconds: Double = 300

    /// `GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY` (default 15): challenges, and verifications,
    /// per minute per client (a bucket of 30 each; off with the project's rate limits).
    public var rateLimitChallengeAndVerify: Double = 15

    /// GoTrue's defaults.
    public init() {}

    /// GoTrue's defaults, overridden by the `GOTRUE_MFA_*` variables present in `environment`;
    /// a value that does not parse keeps the default.
    /// - Parameter environment: Variables by name.
    public init(environment: [String: String]) {
        func flag(_ name: String) -> Bool? {
            switch environment[name]?.lowercased() {
            case "true", "1", "t": true
            case "false", "0", "f": false
            default: nil
            }
        }
        func count(_ name: String) -> Int? { environment[name].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
        totpEnrollEnabled = flag("GOTRUE_MFA_TOTP_ENROLL_ENABLED") ?? totpEnrollEnabled
        totpVerifyEnabled = flag("GOTRUE_MFA_TOTP_VERIFY_ENABLED") ?? totpVerifyEnabled
        maxEnrolledFactors = count("GOTRUE_MFA_MAX_ENROLLED_FACTORS") ?? maxEnrolledFactors
        maxVerifiedFactors = count("GOTRUE_MFA_MAX_VERIFIED_FACTORS") ?? maxVerifiedFactors
        if let perMinute = environment["GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY"].flatMap(Double.init), perMinute > 0 {
            rateLimitChallengeAndVerify = perMinute
        }
        if let seconds = environment["GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION"].flatMap(Double.init), seconds > 0 {
            challengeExpirySeconds = seconds
        }
        if let duration = environment["GOTRUE_MFA_FACTOR_EXPIRY_DURATION"],
            let nanoseconds = try? GoDuration.nanoseconds(duration), nanoseconds > 0
        {
            factorExpirySeconds = Double(nanoseconds) / 1_000_000_000
        }
    }
}

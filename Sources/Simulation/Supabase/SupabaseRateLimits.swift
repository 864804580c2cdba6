import Foundation

/// GoTrue's request limits (`internal/conf/configuration.go`, `RateLimit*`; enforced in
/// `internal/api/middleware.go` `limitHandler`): token buckets of `events` per `period`
/// holding at most `burst`, one per client and limit, where the client is the first value of the
/// `GOTRUE_RATE_LIMIT_HEADER` header (``SupabaseSettings/rateLimitHeader``; without it nothing is
/// limited per client). Over a limit GoTrue answers 429 `over_request_rate_limit` "Request rate
/// limit reached". Beside them, the project-wide ``emailSent``.
public struct SupabaseRateLimits: Sendable, Hashable {
    /// One token bucket.
    public struct Limit: Sendable, Hashable {
        /// Requests allowed per period.
        public var events: Double
        /// The period, in seconds.
        public var period: TimeInterval
        /// The bucket's size (a fresh client may send this many at once).
        public var burst: Double

        /// Creates a limit.
        /// - Parameters:
        ///   - events: Requests per period.
        ///   - period: The period in seconds.
        ///   - burst: The bucket size.
        public init(events: Double, period: TimeInterval, burst: Double) {
            self.events = events
            self.period = period
            self.burst = burst
        }
    }

    /// `GOTRUE_RATE_LIMIT_OTP` (30 per 5 minutes): `POST /otp`, `/resend`, `/signup` with an
    /// email, `PUT /user`.
    public var otp: Limit
    /// `GOTRUE_RATE_LIMIT_VERIFY` (30 per 5 minutes): `GET` and `POST /verify`.
    public var verify: Limit
    /// `GOTRUE_RATE_LIMIT_TOKEN_REFRESH` (150 per 5 minutes, burst 30): `POST /token`.
    public var token: Limit
    /// `GOTRUE_RATE_LIMIT_ANONYMOUS_USERS` (30 per hour): anonymous `POST /signup`.
    public var anonymousUsers: Limit
    /// Wrong or expired email codes accepted per address, whoever sends them (not a GoTrue
    /// setting: GoTrue limits `/verify` per IP only). A new code does not refill it.
    public var wrongCodesPerAddress: Limit

    /// `GOTRUE_RATE_LIMIT_EMAIL_SENT` (30 an hour): mails sent by the whole project, whoever asks
    /// (GoTrue `internal/api/mail.go` `sendEmail`, `internal/ratelimit`): over it 429
    /// `over_email_send_rate_limit` "email rate limit exceeded". A plain number is that many per
    /// hour in fixed windows (`IntervalLimiter`); `N/duration` is a bucket of `N` refilled one
    /// mail per duration (`BurstLimiter`). Not applied with autoconfirm; `0` refuses every mail.
    public var emailSent = EmailSent(events: 30, period: 3600, isBurst: false)

    /// The project-wide email limit.
    public struct EmailSent: Sendable, Hashable {
        /// Mails per window, or the bucket's size.
        public var events: Double
        /// The window, or the time one mail takes to come back, in seconds.
        public var period: TimeInterval
        /// `N/duration` (a bucket) rather than a plain number (fixed windows).
        public var isBurst: Bool

        /// Creates the limit.
        public init(events: Double, period: TimeInterval, isBurst: Bool) {
            self.events = events
            self.period = period
            self.isBurst = isBurst
        }
    }

    /// GoTrue's defaults.
    public static let gotrue = SupabaseRateLimits(
        otp: Limit(events: 30, period: 300, burst: 30), verify: Limit(events: 30, period: 300, burst: 30),
        token: Limit(events: 150, period: 300, burst: 30), anonymousUsers: Limit(events: 30, period: 3600, burst: 30),
        wrongCodesPerAddress: Limit(events: 10, period: 3600, burst: 10))

    /// Creates a set of limits.
    /// - Parameters:
    ///   - otp: Mail-sending routes.
    ///   - verify: `/verify`.
    ///   - token: `/token`.
    ///   - anonymousUsers: Anonymous sign-ups.
    ///   - wrongCodesPerAddress: Refused codes per address.
    public init(otp: Limit, verify: Limit, token: Limit, anonymousUsers: Limit, wrongCodesPerAddress: Limit) {
        self.otp = otp
        self.verify = verify
        self.token = token
        self.anonymousUsers = anonymousUsers
        self.wrongCodesPerAddress = wrongCodesPerAddress
    }
}

import Foundation

/// GoTrue's `GOTRUE_RATE_LIMIT_*` request limits, as `internal/api/apilimiter/apilimiter.go`
/// turns them into token buckets: `OTP` (events per 5 minutes, bucket of the same size),
/// `VERIFY` and `TOKEN_REFRESH` (per 5 minutes, bucket of 30), `ANONYMOUS_USERS` (per hour,
/// bucket of the same size). Each is a Go `float64` (`internal/conf/configuration.go`).
struct GoTrueRateLimitVariables {
    /// The variables set, by name.
    let values: [String: String]

    /// The limits with every variable that was set applied; limits that are off stay off.
    /// - Parameter base: The limits before.
    /// - Returns: The limits after.
    /// - Throws: ``GoTrueEnvironment/Failure`` for a value that is not a non-negative number.
    func apply(to base: SupabaseRateLimits?) throws(GoTrueEnvironment.Failure) -> SupabaseRateLimits? {
        guard var limits = base else {
            for name in ["OTP", "VERIFY", "TOKEN_REFRESH", "ANONYMOUS_USERS"] { _ = try number("GOTRUE_RATE_LIMIT_" + name) }
            return nil
        }
        if let events = try number("GOTRUE_RATE_LIMIT_OTP") { limits.otp = .init(events: events, period: 300, burst: events) }
        if let events = try number("GOTRUE_RATE_LIMIT_VERIFY") { limits.verify = .init(events: events, period: 300, burst: 30) }
        if let events = try number("GOTRUE_RATE_LIMIT_TOKEN_REFRESH") { limits.token = .init(events: events, period: 300, burst: 30) }
        if let events = try number("GOTRUE_RATE_LIMIT_ANONYMOUS_USERS") {
            limits.anonymousUsers = .init(events: events, period: 3600, burst: events)
        }
        return limits
    }

    /// Applies the limits, `GOTRUE_RATE_LIMIT_EMAIL_SENT` and `GOTRUE_RATE_LIMIT_HEADER`.
    /// - Parameter settings: The settings to change.
    /// - Throws: ``GoTrueEnvironment/Failure`` for a value GoTrue refuses.
    func apply(to settings: inout SupabaseSettings) throws(GoTrueEnvironment.Failure) {
        settings.rateLimits = try apply(to: settings.rateLimits)
        if let emailSent = try emailSent() { settings.rateLimits?.emailSent = emailSent }
        if let header = values["GOTRUE_RATE_LIMIT_HEADER"] { settings.rateLimitHeader = header.isEmpty ? nil : header }
    }

    /// `GOTRUE_RATE_LIMIT_EMAIL_SENT` in `conf.Rate`'s syntax (internal/conf/rate.go): a number
    /// (per hour), or `events/duration` with a whole number of events and a Go duration.
    private func emailSent() throws(GoTrueEnvironment.Failure) -> SupabaseRateLimits.EmailSent? {
        let name = "GOTRUE_RATE_LIMIT_EMAIL_SENT"
        guard let text = values[name] else { return nil }
        if let events = GoValueSyntax.double(text) {
            guard events >= 0 else { throw GoTrueEnvironment.Failure(variable: name, reason: "takes a non-negative number of mails") }
            return .init(events: events, period: 3600, isBurst: false)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let events = UInt64(parts[0]), events < 1 << 52,
            let nanoseconds = try? GoDuration.nanoseconds(String(parts[1]))
        else {
            throw GoTrueEnvironment.Failure(variable: name, reason: "takes a number, or events/duration such as 10/1h")
        }
        return .init(events: Double(events), period: nanoseconds > 0 ? Double(nanoseconds) / 1e9 : 3600, isBurst: true)
    }

    private func number(_ name: String) throws(GoTrueEnvironment.Failure) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = GoValueSyntax.double(text), value >= 0 else {
            throw GoTrueEnvironment.Failure(variable: name, reason: "takes a non-negative number of requests")
        }
        return value
    }
}

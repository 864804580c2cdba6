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

    private func number(_ name: String) throws(GoTrueEnvironment.Failure) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = GoValueSyntax.double(text), value >= 0 else {
            throw GoTrueEnvironment.Failure(variable: name, reason: "takes a non-negative number of requests")
        }
        return value
    }
}

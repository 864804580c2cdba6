import Foundation

/// GoTrue's limiters (tollbooth over `x/time/rate`): a token bucket per limit and key, kept in
/// memory for the life of the process as GoTrue keeps them. Buckets that have refilled are
/// dropped when the table grows, so a flood of addresses cannot grow it without bound.
struct SupabaseRateLimiter: Sendable {
    private struct Bucket: Sendable {
        var tokens: Double
        var updated: Date
    }

    private var buckets: [String: Bucket] = [:]
    private var emailWindow: (start: Date, count: Int)?
    private let capacity: Int

    init(capacity: Int = 50_000) { self.capacity = capacity }

    /// Takes one token from the bucket named `key`, if it has one.
    /// - Parameters:
    ///   - limit: The bucket's rate and size.
    ///   - key: The limit and client it belongs to.
    ///   - now: The time.
    ///   - consume: Whether to take the token or only look.
    /// - Returns: Whether a token was there.
    mutating func allow(_ limit: SupabaseRateLimits.Limit, key: String, now: Date, consume: Bool = true) -> Bool {
        var bucket = refilled(buckets[key], limit: limit, now: now)
        guard bucket.tokens >= 1 else {
            buckets[key] = bucket
            return false
        }
        if consume { bucket.tokens -= 1 }
        if buckets.count >= capacity, buckets[key] == nil { prune(now: now) }
        buckets[key] = bucket
        return true
    }

    /// Counts one mail against the project's ``SupabaseRateLimits/emailSent``: fixed windows
    /// from the first mail (`IntervalLimiter`), or a bucket refilled one mail per period (`BurstLimiter`).
    /// - Returns: Whether the mail may go.
    mutating func allowEmail(_ limit: SupabaseRateLimits.EmailSent, now: Date) -> Bool {
        guard limit.events >= 1 else { return false }
        if limit.isBurst { return allow(.init(events: 1, period: limit.period, burst: limit.events), key: "email-sent", now: now) }
        var window = emailWindow ?? (start: now, count: 0)
        let elapsed = now.timeIntervalSince(window.start)
        if elapsed >= limit.period {
            window = (window.start.addingTimeInterval((elapsed / limit.period).rounded(.down) * limit.period), 0)
        }
        guard Double(window.count) < limit.events else {
            emailWindow = window
            return false
        }
        window.count += 1
        emailWindow = window
        return true
    }

    private func refilled(_ bucket: Bucket?, limit: SupabaseRateLimits.Limit, now: Date) -> Bucket {
        guard var bucket else { return Bucket(tokens: limit.burst, updated: now) }
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        bucket.tokens = min(limit.burst, bucket.tokens + elapsed * limit.events / max(limit.period, 1))
        bucket.updated = now
        return bucket
    }

    /// Drops the buckets not touched for an hour (every default bucket is full again by then),
    /// then the oldest half if that is not enough.
    private mutating func prune(now: Date) {
        buckets = buckets.filter { now.timeIntervalSince($0.value.updated) < 3600 }
        if buckets.count >= capacity {
            let keep = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(capacity / 2)
            buckets = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }
}

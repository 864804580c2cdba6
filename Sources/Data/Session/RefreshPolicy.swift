import Foundation

/// When sessions are refreshed, and how failed refreshes are retried.
public struct RefreshPolicy: Sendable, Hashable {
    /// A token expiring within this many seconds is refreshed before it is handed out.
    public var margin: TimeInterval
    /// The auto-refresh loop refreshes this many seconds before expiry.
    public var autoRefreshLead: TimeInterval
    /// The first retry delay after a transient failure, doubled on each further failure.
    public var initialBackoff: TimeInterval
    /// The longest retry delay.
    public var maximumBackoff: TimeInterval

    /// Creates a policy.
    /// - Parameters:
    ///   - margin: On-demand refresh margin, seconds.
    ///   - autoRefreshLead: Auto-refresh lead, seconds.
    ///   - initialBackoff: First retry delay, seconds.
    ///   - maximumBackoff: Longest retry delay, seconds.
    public init(margin: TimeInterval, autoRefreshLead: TimeInterval, initialBackoff: TimeInterval, maximumBackoff: TimeInterval) {
        self.margin = margin
        self.autoRefreshLead = autoRefreshLead
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// As supabase-swift: a session expiring within 30 s is refreshed on demand; the
    /// auto-refresh tick refreshes when fewer than 120 s remain.
    public static let supabase = RefreshPolicy(margin: 30, autoRefreshLead: 120, initialBackoff: 1, maximumBackoff: 60)

    /// As the Firebase iOS SDK: tokens are refreshed when they expire within five minutes;
    /// retries back off from 60 s doubling to 16 minutes.
    public static let firebase = RefreshPolicy(margin: 300, autoRefreshLead: 300, initialBackoff: 60, maximumBackoff: 960)

    /// The delay before retry number `failures` (1-based).
    /// - Parameter failures: Consecutive failures so far.
    /// - Returns: Seconds to wait.
    public func backoff(afterFailures failures: Int) -> TimeInterval {
        min(maximumBackoff, initialBackoff * pow(2, Double(max(0, failures - 1))))
    }
}

import Foundation

/// The time source: `now`, and a way to wait. Injected so that expiry, refresh scheduling and
/// backoff run on a test clock without real sleeps.
public struct AuthClock: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Suspends for a duration (throws `CancellationError` when the task is cancelled).
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a clock.
    /// - Parameters:
    ///   - now: Returns the current time.
    ///   - sleep: Suspends for a duration.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock.
    public static let live = AuthClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}

extension Duration {
    /// A duration from seconds as a `TimeInterval`, clamped at zero; NaN is zero and anything
    /// beyond the 64-bit millisecond range is that range's end (instead of a trap).
    /// - Parameter seconds: The seconds.
    /// - Returns: The duration.
    package static func interval(_ seconds: TimeInterval) -> Duration {
        let milliseconds = (seconds * 1000).rounded(.up)
        guard milliseconds > 0 else { return .zero }
        return .milliseconds(milliseconds < 9.2e18 ? Int64(milliseconds) : .max)
    }
}

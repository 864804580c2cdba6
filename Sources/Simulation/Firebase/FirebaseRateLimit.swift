import Foundation

/// A rate limit: at most `count` events per `window` seconds.
public struct FirebaseRateLimit: Sendable, Hashable {
    /// Events allowed per window.
    public var count: Int
    /// The window, in seconds.
    public var window: TimeInterval

    /// Creates a limit.
    /// - Parameters:
    ///   - count: Events allowed per window.
    ///   - window: The window, in seconds.
    public init(count: Int, window: TimeInterval) {
        self.count = count
        self.window = window
    }

    /// `count` events per hour.
    /// - Parameter count: Events allowed per hour.
    /// - Returns: The limit.
    public static func perHour(_ count: Int) -> FirebaseRateLimit { FirebaseRateLimit(count: count, window: 3600) }

    /// `count` events per day.
    /// - Parameter count: Events allowed per day.
    /// - Returns: The limit.
    public static func perDay(_ count: Int) -> FirebaseRateLimit { FirebaseRateLimit(count: count, window: 86_400) }
}

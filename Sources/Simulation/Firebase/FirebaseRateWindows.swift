import Foundation

/// Fixed-window counters behind the engine's rate limits, keyed by what is counted
/// (`"wrong-code|email|ada@example.com"`, `"new-account|client|127.0.0.1"`). A window starts at
/// the first event and ends `limit.window` seconds later; nothing resets it early, so asking for
/// a new code does not restore a spent budget.
package struct FirebaseRateWindows: Codable, Sendable {
    private struct Window: Codable, Sendable {
        var end: Date
        var count: Int
    }

    private enum CodingKeys: String, CodingKey { case windows }

    private var windows: [String: Window] = [:]
    /// The size at which ended windows are dropped; it doubles with the live windows, so pruning
    /// stays amortised O(1) per event however many keys an attacker makes up.
    private var pruneAt = 4096

    /// No events counted.
    package init() {}

    /// Whether the key may count another event under a limit.
    /// - Parameters:
    ///   - key: What is counted.
    ///   - limit: The limit.
    ///   - now: The time.
    /// - Returns: `false` while the current window's events are at the limit.
    package func allows(_ key: String, under limit: FirebaseRateLimit, now: Date) -> Bool {
        guard let window = windows[key], now < window.end else { return true }
        return window.count < limit.count
    }

    /// Counts one event.
    /// - Parameters:
    ///   - key: What is counted.
    ///   - limit: The limit whose window applies.
    ///   - now: The time.
    /// - Returns: The events counted in the current window, this one included.
    @discardableResult
    package mutating func record(_ key: String, under limit: FirebaseRateLimit, now: Date) -> Int {
        if let window = windows[key], now < window.end {
            windows[key]?.count = window.count + 1
            return window.count + 1
        }
        if windows.count >= pruneAt {
            windows = windows.filter { now < $0.value.end }
            pruneAt = max(4096, windows.count * 2)
        }
        windows[key] = Window(end: now.addingTimeInterval(limit.window), count: 1)
        return 1
    }
}

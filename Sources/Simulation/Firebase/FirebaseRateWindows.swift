import Foundation

/// The fixed-window counters behind the engine's rate limits, keyed by what is counted
/// (`"wrong-code|email|ada@example.com"`, `"new-account|client|127.0.0.1"`), as the in-memory
/// storage and the state file (format 1) keep them. The rules that count are
/// `FirebaseStore+RateLimits`.
package struct FirebaseRateWindows: Codable, Sendable {
    /// One window: it started at the first event and ends at `end`; `count` events so far.
    package struct Window: Codable, Sendable, Hashable {
        /// When the window ends.
        package var end: Date
        /// The events counted in it.
        package var count: Int

        /// Creates a window.
        /// - Parameters:
        ///   - end: When it ends.
        ///   - count: The events counted.
        package init(end: Date, count: Int) {
            self.end = end
            self.count = count
        }
    }

    private enum CodingKeys: String, CodingKey { case windows }

    /// The windows by key.
    package private(set) var windows: [String: Window] = [:]
    /// The size at which ended windows are dropped; it doubles with the live windows, so pruning
    /// stays amortised O(1) per event however many keys an attacker makes up.
    private var pruneAt = 4096

    /// No events counted.
    package init() {}

    /// A key's window, or sets it.
    package subscript(key: String) -> Window? {
        get { windows[key] }
        set { windows[key] = newValue }
    }

    /// Drops the windows ended at `now`, once there are many.
    /// - Parameter now: The time.
    package mutating func purge(endedAt now: Date) {
        guard windows.count >= pruneAt else { return }
        windows = windows.filter { now < $0.value.end }
        pruneAt = max(4096, windows.count * 2)
    }
}

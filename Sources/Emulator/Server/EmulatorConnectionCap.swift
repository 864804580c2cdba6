import HummingbirdCore
import Logging

/// Caps the emulator's open connections (Hummingbird's `AvailableConnectionsDelegate`: at the
/// cap the server channel stops accepting, so new connections wait in the listen backlog until
/// one closes), and says so: one warning when the cap is reached, one when the count is back
/// to three quarters of it. The gap keeps a server held at its cap, where each close lets one
/// more in, from logging a pair of lines per connection.
///
/// Hummingbird calls it on the server channel's event loop only.
struct EmulatorConnectionCap: AvailableConnectionsDelegate {
    private let maxConnections: Int
    private let resumeLevel: Int
    private let logger: Logger
    private var open = 0
    private var isSaturated = false

    /// Creates the cap.
    /// - Parameters:
    ///   - maxConnections: The most open connections (at least 1).
    ///   - logger: Where the two lines go.
    init(maxConnections: Int, logger: Logger) {
        self.maxConnections = max(1, maxConnections)
        self.resumeLevel = min(self.maxConnections - 1, self.maxConnections * 3 / 4)
        self.logger = logger
    }

    mutating func connectionOpened() {
        open += 1
        guard !isSaturated, open >= maxConnections else { return }
        isSaturated = true
        logger.warning(
            """
            connection limit reached: \(open) connections open (the cap is \(maxConnections)); new connections wait \
            until some close (idle and slow ones are closed at their timeouts)
            """)
    }

    mutating func connectionClosed() {
        open -= 1
        guard isSaturated, open <= resumeLevel else { return }
        isSaturated = false
        logger.warning("connection limit cleared: \(open) connections open (the cap is \(maxConnections))")
    }

    func isAcceptingNewConnections() -> Bool {
        open < maxConnections
    }
}

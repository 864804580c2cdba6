import Foundation

/// How long the emulator waits for a slow or idle client, and how many connections it keeps
/// open at once, so that slow or idle connections cannot hold the server (its file
/// descriptors) forever.
///
/// The timeouts are measured on the HTTP messages as they are parsed: a request head counts
/// once it is complete, so a client that sends its head a byte at a time is closed at the
/// header-read deadline however often it sends.
public struct EmulatorConnectionLimits: Sendable, Hashable {
    /// On a new connection, the longest wait for a complete request head (from accepting it).
    public var headerReadTimeout: Duration
    /// The longest wait for a request body, from the end of its head to its last byte.
    public var bodyReadTimeout: Duration
    /// On a kept-alive connection, the longest wait for the next complete request head after
    /// a response (an idle connection is closed then).
    public var idleTimeout: Duration
    /// The most connections open at once. At the limit the server stops accepting: new
    /// connections wait in the listen backlog until one closes (NIO accepts up to four per
    /// wake-up, so the count can pass the limit by three). One warning is logged when the
    /// limit is reached, and one when the count is back to three quarters of it.
    public var maxConnections: Int

    /// Creates limits.
    /// - Parameters:
    ///   - headerReadTimeout: The header-read timeout (default 10 s).
    ///   - bodyReadTimeout: The body-read timeout (default 30 s).
    ///   - idleTimeout: The keep-alive idle timeout (default 60 s).
    ///   - maxConnections: The connection cap (default 128, half the smallest common
    ///     descriptor limit, macOS's 256, so the server keeps descriptors for its own files).
    public init(
        headerReadTimeout: Duration = .seconds(10), bodyReadTimeout: Duration = .seconds(30),
        idleTimeout: Duration = .seconds(60), maxConnections: Int = 128
    ) {
        self.headerReadTimeout = headerReadTimeout
        self.bodyReadTimeout = bodyReadTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }
}

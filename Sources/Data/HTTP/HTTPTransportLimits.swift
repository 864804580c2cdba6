import Foundation

/// The bounds ``HTTPTransport/urlSession(configuration:limits:)`` puts on every request.
///
/// ```swift
/// let transport = HTTPTransport.urlSession(limits: HTTPTransportLimits(timeout: 10))
/// ```
public struct HTTPTransportLimits: Hashable, Sendable {
    /// Seconds from sending a request to having read its whole response. A server that trickles
    /// bytes does not extend it (`URLSession`'s own timeout restarts on every byte).
    public var timeout: TimeInterval
    /// The most response-body bytes read for one request; the transfer is cancelled as soon as
    /// more arrive (or are announced by `Content-Length`).
    public var maxResponseBytes: Int

    /// Creates limits.
    /// - Parameters:
    ///   - timeout: Seconds per request (default 30); must be positive and finite.
    ///   - maxResponseBytes: Bytes per response body (default 1 MiB; the largest answers the
    ///     adapters read, a user with its identities or a JWKS, are a few KB); must be positive.
    public init(timeout: TimeInterval = 30, maxResponseBytes: Int = 1 << 20) {
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// 30 s and 1 MiB.
    public static let standard = HTTPTransportLimits()

    /// Whether both bounds are usable (a positive, finite timeout; a positive byte count).
    public var isValid: Bool { timeout.isFinite && timeout > 0 && maxResponseBytes > 0 }
}

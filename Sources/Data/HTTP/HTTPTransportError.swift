import Foundation

/// A failure below HTTP: no connection, no answer in time, an answer the transport refused.
///
/// Its ``reason`` names the request by method and origin only (never the path or query, where
/// an API key may be), so it is safe to print.
public struct HTTPTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, for code that reacts to one kind.
    public var kind: Kind
    /// What went wrong.
    public var reason: String
    /// Whether retrying may help (timeouts, lost connections, refused connections).
    public var isTransient: Bool

    /// Creates an error of kind ``Kind/network``.
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - isTransient: Whether retrying may help.
    public init(reason: String, isTransient: Bool) {
        self.init(kind: .network, reason: reason, isTransient: isTransient)
    }

    /// Creates an error.
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - reason: What went wrong.
    ///   - isTransient: Whether retrying may help.
    public init(kind: Kind, reason: String, isTransient: Bool) {
        self.kind = kind
        self.reason = reason
        self.isTransient = isTransient
    }

    /// The reason.
    public var description: String { reason }

    /// The kinds of transport failure. Open: an unknown kind is still a kind.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        /// The kind's name.
        public var rawValue: String

        /// Creates a kind.
        /// - Parameter rawValue: Its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The connection failed or was lost (transient, in most cases).
        public static let network = Kind(rawValue: "network")
        /// No complete answer within the request's deadline (transient).
        public static let timedOut = Kind(rawValue: "timed_out")
        /// The response body was larger than the transport accepts (not transient).
        public static let responseTooLarge = Kind(rawValue: "response_too_large")
        /// The server redirected to another origin, which could receive the request's
        /// credentials (not transient).
        public static let crossOriginRedirect = Kind(rawValue: "cross_origin_redirect")
    }
}

extension HTTPTransportError {
    /// No complete answer within the deadline.
    /// - Parameters:
    ///   - request: The request.
    ///   - seconds: The deadline, in seconds.
    /// - Returns: A transient error whose reason says "timed out after N s".
    public static func timedOut(_ request: HTTPRequestData, after seconds: TimeInterval) -> HTTPTransportError {
        let shown = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
        return HTTPTransportError(kind: .timedOut, reason: "\(Self.label(request)): timed out after \(shown) s", isTransient: true)
    }

    /// A response body over the limit.
    /// - Parameters:
    ///   - request: The request.
    ///   - limit: The most bytes accepted.
    /// - Returns: A definitive error.
    public static func responseTooLarge(_ request: HTTPRequestData, limit: Int) -> HTTPTransportError {
        HTTPTransportError(
            kind: .responseTooLarge,
            reason: "\(Self.label(request)): the response body is larger than \(limit) bytes, the limit; it was not read",
            isTransient: false)
    }

    /// A redirect to another origin, refused.
    /// - Parameters:
    ///   - request: The request that was redirected.
    ///   - target: Where the server redirected it.
    /// - Returns: A definitive error naming both origins (never a path or query).
    public static func crossOriginRedirect(_ request: HTTPRequestData, to target: URL?) -> HTTPTransportError {
        let origin = HTTPOrigin(request.url)
        let other = target.map { HTTPOrigin($0).description } ?? "an unreadable location"
        return HTTPTransportError(
            kind: .crossOriginRedirect,
            reason: "\(request.method) \(origin): refused a redirect to another origin (\(other)); credentials never leave \(origin)",
            isTransient: false)
    }

    /// `METHOD origin`: what a reason names a request by.
    static func label(_ request: HTTPRequestData) -> String { "\(request.method) \(HTTPOrigin(request.url))" }
}

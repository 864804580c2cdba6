import Foundation

/// One HTTP request as the REST adapters build it.
public struct HTTPRequestData: Hashable, Sendable {
    /// `GET`, `POST`, `PUT`, `DELETE`.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// Header fields in the order they were added.
    public var headers: [HTTPHeader]
    /// The body, if any.
    public var body: Data?
    /// Whether repeating the request is harmless (it may then be retried once).
    public var isIdempotent: Bool

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - isIdempotent: Whether it may be retried.
    public init(method: String, url: URL, headers: [HTTPHeader], body: Data?, isIdempotent: Bool) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isIdempotent = isIdempotent
    }

    /// The first value of a header, matched case-insensitively.
    /// - Parameter name: The header name.
    /// - Returns: Its value, or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A header field.
public struct HTTPHeader: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a field.
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One HTTP response.
public struct HTTPResponseData: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields (names are lowercased).
    ///   - body: The body.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// How the REST adapters reach the network: one function, so tests can record or stub it.
/// `.urlSession` uses `URLSession` (FoundationNetworking on Linux).
///
/// The transport throws ``HTTPTransportError`` for failures below HTTP (no connection,
/// timeout); any HTTP status is a response.
public struct HTTPTransport: Sendable {
    /// Sends a request and returns the response.
    public var send: @Sendable (HTTPRequestData) async throws -> HTTPResponseData

    /// Creates a transport.
    /// - Parameter send: Sends a request.
    public init(send: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) { self.send = send }
}

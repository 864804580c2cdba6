import AuthData
import AuthJWT
import Foundation

/// A request as the emulator's routes see it, independent of the HTTP server (so routes can be
/// tested in process).
public struct EmulatorRequest: Sendable {
    /// The method, uppercased.
    public var method: String
    /// The path without the query (percent-decoded segments are split by the routes).
    public var path: String
    /// The query parameters (a later duplicate wins).
    public var query: [String: String]
    /// Header fields, names lowercased.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method.
    ///   - target: Path and query (`/auth/v1/token?grant_type=id_token`).
    ///   - headers: Header fields.
    ///   - body: The body.
    public init(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method.uppercased()
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = String(parts[0])
        self.query = parts.count > 1 ? FormEncoding.decodeLenient(String(parts[1])) : [:]
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The path split into percent-decoded segments.
    public var segments: [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { $0.removingPercentEncoding ?? String($0) }
    }

    /// The bearer token of the `Authorization` header (scheme matched case-insensitively).
    public var bearer: String? {
        guard let value = headers["authorization"], value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The media type of the body, lowercased, without parameters.
    public var contentType: String? {
        headers["content-type"].map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased() }
    }
}

/// A response from the emulator's routes.
public struct EmulatorResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: [(String, String)]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status.
    ///   - headers: Header fields.
    ///   - body: The body.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from a JSON value.
    static func json(_ value: JSONObject, status: Int = 200, headers: [(String, String)] = []) -> EmulatorResponse {
        EmulatorResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: value.serialized())
    }

    /// A JSON response from a JSON array.
    static func json(array: [JSONValue], status: Int = 200) -> EmulatorResponse {
        EmulatorResponse(status: status, headers: [("Content-Type", "application/json")], body: JSONValue.array(array).serialized())
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// A JSON response from an encodable value.
    static func json<T: Encodable>(encoding value: T, status: Int = 200, headers: [(String, String)] = []) -> EmulatorResponse {
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return EmulatorResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
    }

    /// The first value of a header, matched case-insensitively.
    /// - Parameter name: The header name.
    /// - Returns: Its value.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}

extension FormEncoding {
    /// Decodes a query string, skipping malformed pairs instead of refusing the whole query.
    static func decodeLenient(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            if let decoded = FormEncoding.decode(String(pair)) { fields.merge(decoded) { $1 } }
        }
        return fields
    }
}

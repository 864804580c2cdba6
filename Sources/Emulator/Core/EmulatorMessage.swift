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
    /// The peer's IP address, when the request came over a socket (Supabase's rate limits are
    /// kept per client address).
    public var clientAddress: String?

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method.
    ///   - target: Path and query (`/auth/v1/token?grant_type=id_token`).
    ///   - headers: Header fields.
    ///   - body: The body.
    public init(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method.uppercased()
        if let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.path = String(target[..<question])
            self.query = FormEncoding.decodeLenient(String(target[target.index(after: question)...]))
        } else {
            self.path = target
            self.query = [:]
        }
        var lowercased: [String: String] = [:]
        lowercased.reserveCapacity(headers.count)
        for (name, value) in headers {
            lowercased[name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? name.lowercased() : name] = value
        }
        self.headers = lowercased
        self.body = body
    }

    /// The path split into percent-decoded segments (a segment with a malformed escape is kept
    /// as it is).
    public var segments: [String] {
        var segments: [String] = []
        var path = path
        path.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index > start {
                    let segment = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    if segment.contains(UInt8(ascii: "%")) {
                        let raw = String(decoding: segment, as: UTF8.self)
                        segments.append(FormEncoding.unescapePath(Substring(raw).utf8) ?? raw)
                    } else {
                        segments.append(String(decoding: segment, as: UTF8.self))
                    }
                }
                start = index + 1
            }
        }
        return segments
    }

    /// The bearer token of the `Authorization` header (scheme matched case-insensitively).
    public var bearer: String? {
        guard let value = headers["authorization"], value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The media type of the body, lowercased, without parameters.
    public var contentType: String? {
        guard let value = headers["content-type"] else { return nil }
        var mediaType = Array(value.utf8.prefix { $0 != UInt8(ascii: ";") })
        while let last = mediaType.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { mediaType.removeLast() }
        let start = mediaType.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? mediaType.endIndex
        return String(decoding: mediaType[start...].lazy.map { $0 &+ ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }, as: UTF8.self)
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
        if let fields = FormEncoding.decode(text) { return fields }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            if let decoded = FormEncoding.decode(String(pair)) { fields.merge(decoded) { $1 } }
        }
        return fields
    }

    /// Decodes `%XX` in a path segment (`+` stays a plus in paths).
    static func unescapePath(_ segment: Substring.UTF8View.SubSequence) -> String? {
        guard segment.contains(UInt8(ascii: "%")) else { return String(Substring(segment)) }
        guard !segment.contains(UInt8(ascii: "+")) else {
            return String(Substring(segment)).removingPercentEncoding
        }
        return unescape(segment)
    }
}

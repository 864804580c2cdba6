import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The simulated Apple ID, Google and mailbox of a running emulator, reached over HTTP (what
/// `login --idp-url` uses, since no real Apple sheet exists on this machine): the transport the
/// HTTP faces of the providers' APIs (``HTTPAppleIDAPI``, ``HTTPGoogleAPI``) share.
public struct HTTPSimulatedProviders: Sendable {
    /// The emulator's base URL.
    public let baseURL: URL
    let transport: HTTPTransport

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The emulator's base URL (`http://127.0.0.1:9999`).
    ///   - transport: The HTTP transport.
    public init(baseURL: URL, transport: HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Whether the next Apple sheet for this Apple ID and app is a first authorization.
    /// - Parameters:
    ///   - appleID: The Apple ID.
    ///   - clientID: The app.
    /// - Returns: `true` for a first authorization.
    /// - Throws: ``AuthError/network(_:)``.
    public func isFirstAppleAuthorization(appleID: String?, clientID: String) async throws(AuthError) -> Bool {
        try await HTTPAppleIDAPI(providers: self).isFirstAuthorization(appleID: appleID, clientID: clientID)
    }

    /// The messages mailed to an address (`GET /mailbox/{email}`), newest last.
    /// - Parameter email: The address.
    /// - Returns: The messages.
    /// - Throws: ``AuthError``.
    public func mailbox(for email: String) async throws(AuthError) -> [MailMessage] {
        let url = baseURL.appendingPathComponent("mailbox").appendingPathComponent(email)
        let response = try await transport.exchange(HTTPRequestData(method: "GET", url: url, headers: [], body: nil, isIdempotent: true))
        guard case .array(let items)? = try? StrictJSONParser.parse(Array(response.body)) else { return [] }
        let formatter = ISO8601DateFormatter()
        return items.compactMap { item -> MailMessage? in
            guard let object = item.objectValue, let code = object["code"]?.stringValue else { return nil }
            return MailMessage(
                code: code, link: object["link"]?.stringValue, kind: object["kind"]?.stringValue ?? "",
                sender: object["sender"]?.stringValue ?? "", sentAt: object["sentAt"]?.stringValue.flatMap(formatter.date(from:)) ?? Date())
        }
    }

    // MARK: - HTTP

    /// `GET` of a path under the base URL with a query; the JSON object answered, or the provider's error.
    func get(_ path: String, query: [URLQueryItem]) async throws(AuthError) -> JSONObject {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw .invalidInput("not a URL: the identity provider's \(path)")
        }
        components.queryItems = query
        guard let url = components.url else { throw .invalidInput("not a URL: the identity provider's \(path) with its query") }
        return try object(
            try await transport.exchange(HTTPRequestData(method: "GET", url: url, headers: [], body: nil, isIdempotent: true)))
    }

    /// `POST` of a JSON body to a path under the base URL; the JSON object answered, or the provider's error.
    func post(_ path: String, _ body: JSONObject) async throws(AuthError) -> JSONObject {
        let request = HTTPRequestData(
            method: "POST", url: baseURL.appendingPathComponent(path),
            headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.serialized()), isIdempotent: false)
        return try object(try await transport.exchange(request))
    }

    private func object(_ response: HTTPResponseData) throws(AuthError) -> JSONObject {
        let object = (try? StrictJSONParser.parseObject(Array(response.body))) ?? [:]
        guard (200..<300).contains(response.status) else {
            switch object["error"]?.stringValue {
            case "canceled": throw .cancelled
            case "not_handled": throw .notHandled
            default:
                throw .authorizationFailed(object["error_description"]?.stringValue ?? "the simulated provider answered \(response.status)")
            }
        }
        return object
    }
}

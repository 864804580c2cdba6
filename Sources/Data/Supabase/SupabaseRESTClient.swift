import AuthDomain
import AuthJWT
import Foundation

/// The Supabase Auth endpoints over HTTP, as supabase-swift calls them: JSON bodies, headers
/// `apikey`, `Authorization: Bearer`, `X-Client-Info`, `X-Supabase-Api-Version: 2024-01-01`, and
/// both error body shapes decoded into ``SupabaseFailure`` with the code kept.
struct SupabaseRESTClient: SupabaseAuthAPI {
    let configuration: SupabaseConfiguration
    let transport: HTTPTransport

    func token(idToken request: SupabaseIDTokenRequest, bearer: String?) async throws -> SupabaseSessionPayload {
        try await call("POST", "token", query: [("grant_type", "id_token")], body: request, bearer: bearer, idempotent: false)
    }

    func token(refreshToken: String) async throws -> SupabaseSessionPayload {
        try await call("POST", "token", query: [("grant_type", "refresh_token")], body: ["refresh_token": refreshToken], idempotent: false)
    }

    func signUpAnonymously() async throws -> SupabaseSessionPayload {
        try await call("POST", "signup", body: ["data": JSONObject()], idempotent: false)
    }

    func otp(email: String, createUser: Bool) async throws {
        let body: JSONObject = ["email": .string(email), "create_user": .bool(createUser)]
        let _: JSONObject = try await call("POST", "otp", body: body, idempotent: false)
    }

    func verify(email: String, token: String, type: String) async throws -> SupabaseSessionPayload {
        try await call("POST", "verify", body: ["email": email, "token": token, "type": type], idempotent: false)
    }

    func user(bearer: String) async throws -> SupabaseUserPayload {
        try await call("GET", "user", bearer: bearer, idempotent: true)
    }

    func updateUser(bearer: String, data: JSONObject) async throws -> SupabaseUserPayload {
        try await call("PUT", "user", body: ["data": JSONValue.object(data)] as JSONObject, bearer: bearer, idempotent: true)
    }

    func deleteIdentity(bearer: String, identityID: String) async throws {
        // Identity ids are UUIDs; anything else could walk the path (`../`).
        guard UUID(uuidString: identityID) != nil else { throw AuthError.invalidInput("\"\(identityID)\" is not a Supabase identity id") }
        _ = try await send("DELETE", url: try endpoint("user/identities/\(identityID)"), body: nil, bearer: bearer, idempotent: true)
    }

    func logout(bearer: String, scope: String) async throws {
        _ = try await send("POST", url: try endpoint("logout", query: [("scope", scope)]), body: nil, bearer: bearer, idempotent: true)
    }

    func deleteAccount(bearer: String) async throws {
        _ = try await send("POST", url: configuration.deleteAccountFunctionURL, body: Data("{}".utf8), bearer: bearer, idempotent: false)
    }

    var emailResendInterval: Double { configuration.emailResendInterval }

    // MARK: - HTTP

    func endpoint(_ path: String, query: [(String, String)] = []) throws(AuthError) -> URL {
        let url = configuration.authURL.appendingPathComponent(path)
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidInput("cannot form a URL from \(url)")
        }
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let endpoint = components.url else { throw .invalidInput("cannot form a URL from \(url) and its query") }
        return endpoint
    }

    func call<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, query: [(String, String)] = [], body: Body, bearer: String? = nil, idempotent: Bool
    ) async throws -> Response {
        let data = try RequestJSON.encoder.encode(body)
        return try decode(try await send(method, url: try endpoint(path, query: query), body: data, bearer: bearer, idempotent: idempotent))
    }

    func call<Response: Decodable>(_ method: String, _ path: String, bearer: String, idempotent: Bool) async throws -> Response {
        try decode(try await send(method, url: try endpoint(path), body: nil, bearer: bearer, idempotent: idempotent))
    }

    func send(_ method: String, url: URL, body: Data?, bearer: String?, idempotent: Bool) async throws -> HTTPResponseData {
        var headers = [
            HTTPHeader("apikey", configuration.apiKey),
            HTTPHeader("Authorization", "Bearer \(bearer ?? configuration.apiKey)"),
            HTTPHeader("X-Client-Info", configuration.clientInfo),
            HTTPHeader("X-Supabase-Api-Version", "2024-01-01"),
        ]
        if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        let response = try await transport.exchange(
            HTTPRequestData(method: method, url: url, headers: headers, body: body, isIdempotent: idempotent))
        guard (200..<300).contains(response.status) else { throw SupabaseErrorDecoding.failure(from: response) }
        return response
    }

    func decode<Response: Decodable>(_ response: HTTPResponseData) throws -> Response {
        try response.decodedJSON(invalidCode: "unexpected_response")
    }
}

/// Reads Supabase error bodies: the 2024-01-01 shape (`code`, `message`), the legacy shape
/// (`code` integer, `error_code`, `msg`) and the OAuth shape (`error`, `error_description`).
package enum SupabaseErrorDecoding {
    /// The failure a non-2xx response stands for.
    /// - Parameter response: The response.
    /// - Returns: The failure.
    package static func failure(from response: HTTPResponseData) -> SupabaseFailure {
        let object = (try? StrictJSONParser.parseObject(Array(response.body))) ?? [:]
        let message = object["msg"]?.stringValue ?? object["message"]?.stringValue
        if object["code"] == nil, object["error_code"] == nil, let error = object["error"]?.stringValue {
            return .oauth(error: error, description: object["error_description"]?.stringValue ?? error)
        }
        let versioned = (response.headers["x-supabase-api-version"] ?? "") >= "2024-01-01"
        let code =
            (versioned ? object["code"]?.stringValue : nil) ?? object["error_code"]?.stringValue
            ?? object["code"]?.stringValue ?? response.headers["x-sb-error-code"]
            ?? (response.status >= 500 ? "unexpected_failure" : "unknown")
        let fallback = String(decoding: response.body.prefix(200), as: UTF8.self)
        return .api(
            status: response.status, code: code,
            message: message ?? object["error_description"]?.stringValue ?? object["error"]?.stringValue
                ?? (fallback.isEmpty ? "HTTP \(response.status)" : fallback))
    }
}

extension SupabaseAuthBackend {
    /// A backend that calls a Supabase project (or the emulator) over HTTP.
    /// - Parameters:
    ///   - configuration: Project URL and anon key.
    ///   - transport: The HTTP transport; idempotent calls are retried once after a transient
    ///     failure.
    ///   - clock: Time, for expiry and the retry backoff.
    public init(configuration: SupabaseConfiguration, transport: HTTPTransport, clock: AuthClock) {
        self.init(
            api: SupabaseRESTClient(configuration: configuration, transport: transport.retryingIdempotentRequests(clock: clock)),
            clock: clock)
    }
}

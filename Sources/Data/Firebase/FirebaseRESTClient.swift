import AuthDomain
import AuthJWT
import Foundation

/// The Firebase Auth endpoints over HTTP: Identity Toolkit v1 (`?key=`), Secure Token, and the
/// admin `projects/{project}/accounts:update` for revocation; errors decoded from the
/// `{"error": {"code", "message"}}` envelope into ``FirebaseFailure``.
struct FirebaseRESTClient: FirebaseAuthAPI {
    let configuration: FirebaseConfiguration
    let transport: HTTPTransport

    func signInWithIdp(_ request: FirebaseIdpRequest) async throws -> FirebaseIdpResponse {
        try await call("accounts:signInWithIdp", request, idempotent: false)
    }

    func signUp(_ request: FirebaseSignUpRequest) async throws -> FirebaseSignUpResponse {
        try await call("accounts:signUp", request, idempotent: false)
    }

    func lookup(idToken: String) async throws -> FirebaseLookupResponse {
        try await call("accounts:lookup", FirebaseAccountRequest(idToken: idToken), idempotent: true)
    }

    func update(_ request: FirebaseUpdateRequest) async throws -> FirebaseUpdateResponse {
        try await call("accounts:update", request, idempotent: true)
    }

    func deleteAccount(idToken: String) async throws {
        let _: JSONObject = try await call("accounts:delete", FirebaseAccountRequest(idToken: idToken), idempotent: true)
    }

    func sendOobCode(_ request: FirebaseOobRequest) async throws -> FirebaseOobCodeResponse {
        try await call("accounts:sendOobCode", request, idempotent: false)
    }

    func signInWithEmailLink(_ request: FirebaseEmailLinkRequest) async throws -> FirebaseEmailLinkResponse {
        try await call("accounts:signInWithEmailLink", request, idempotent: false)
    }

    func createAuthUri(_ request: FirebaseCreateAuthUriRequest) async throws -> FirebaseCreateAuthUriResponse {
        try await call("accounts:createAuthUri", request, idempotent: false)
    }

    func refresh(refreshToken: String) async throws -> FirebaseSecureTokenResponse {
        let url = try keyed(configuration.url(host: "securetoken.googleapis.com", path: "v1/token"))
        let body = Data(FormEncoding.encode([("grant_type", "refresh_token"), ("refresh_token", refreshToken)]).utf8)
        return try decode(try await send(url, body: body, contentType: "application/x-www-form-urlencoded", bearer: nil, idempotent: false))
    }

    func revokeRefreshTokens(localId: String) async throws {
        guard let admin = configuration.adminToken, let project = configuration.projectID else {
            throw AuthError.invalidInput("global sign-out needs Firebase admin access (an admin token and the project id)")
        }
        guard !project.isEmpty, project.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
        else {
            throw AuthError.invalidInput("\"\(project)\" is not a Firebase project id")
        }
        // The wall clock, not an injected one: `validSince` is compared with the server's clock.
        var request = FirebaseUpdateRequest(idToken: nil)
        request.localId = localId
        request.validSince = FirebaseInt64(Int64(Date().timeIntervalSince1970))
        let url = try configuration.url(host: "identitytoolkit.googleapis.com", path: "v1/projects/\(project)/accounts:update")
        _ = try await send(
            url, body: try RequestJSON.encoder.encode(request), contentType: "application/json", bearer: admin.revealed, idempotent: true)
    }

    var emailResendInterval: Double { configuration.emailResendInterval }

    // MARK: - HTTP

    func keyed(_ url: URL) throws(AuthError) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidInput("cannot form a URL from \(url)")
        }
        components.queryItems = [URLQueryItem(name: "key", value: configuration.apiKey)]
        guard let keyed = components.url else { throw .invalidInput("cannot add the API key to \(url)") }
        return keyed
    }

    func call<Body: Encodable, Response: Decodable>(_ method: String, _ body: Body, idempotent: Bool) async throws -> Response {
        try await call(method, body, version: "v1", idempotent: idempotent)
    }

    func call<Body: Encodable, Response: Decodable>(
        _ method: String, _ body: Body, version: String, idempotent: Bool
    ) async throws -> Response {
        let url = try keyed(configuration.url(host: "identitytoolkit.googleapis.com", path: "\(version)/\(method)"))
        return try decode(
            try await send(
                url, body: try RequestJSON.encoder.encode(body), contentType: "application/json", bearer: nil, idempotent: idempotent))
    }

    func send(_ url: URL, body: Data, contentType: String, bearer: String?, idempotent: Bool) async throws -> HTTPResponseData {
        var headers = [HTTPHeader("Content-Type", contentType), HTTPHeader("X-Client-Version", configuration.clientVersion)]
        if let bearer { headers.append(HTTPHeader("Authorization", "Bearer \(bearer)")) }
        let response = try await transport.exchange(
            HTTPRequestData(method: "POST", url: url, headers: headers, body: body, isIdempotent: idempotent))
        guard (200..<300).contains(response.status) else { throw FirebaseErrorDecoding.failure(from: response) }
        return response
    }

    func decode<Response: Decodable>(_ response: HTTPResponseData) throws -> Response {
        try response.decodedJSON(invalidCode: "INVALID_RESPONSE")
    }
}

/// Reads the Google API error envelope `{"error": {"code": 400, "message": "CODE : detail"}}`.
package enum FirebaseErrorDecoding {
    /// The failure a non-2xx response stands for.
    /// - Parameter response: The response.
    /// - Returns: The failure (`message` from the envelope, or the HTTP status when absent).
    package static func failure(from response: HTTPResponseData) -> FirebaseFailure {
        let object = (try? StrictJSONParser.parseObject(Array(response.body))) ?? [:]
        let envelope = object["error"]?.objectValue
        let message = envelope?["message"]?.stringValue ?? object["error"]?.stringValue ?? "HTTP_\(response.status)"
        return FirebaseFailure(status: response.status, message: message)
    }
}

extension FirebaseAuthBackend {
    /// A backend that calls Firebase Auth (or an Auth emulator) over HTTP.
    /// - Parameters:
    ///   - configuration: API key, project, emulator host, admin token.
    ///   - transport: The HTTP transport; idempotent calls are retried once after a transient
    ///     failure.
    ///   - clock: Time, for expiry and the retry backoff.
    public init(configuration: FirebaseConfiguration, transport: HTTPTransport, clock: AuthClock) {
        self.init(
            api: FirebaseRESTClient(configuration: configuration, transport: transport.retryingIdempotentRequests(clock: clock)),
            clock: clock)
    }
}

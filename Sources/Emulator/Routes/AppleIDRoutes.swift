import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// The simulated Apple ID over HTTP, under `/appleid/`: JWKS, the sign-in sheet as an API,
/// `/auth/token` and `/auth/revoke` form-encoded as Apple's, credential state, and the Sign in
/// with Apple web pages (``AppleIDRoutes+WebPages``).
struct AppleIDRoutes {
    let apple: SimulatedAppleID

    private struct AuthorizeBody: Decodable {
        var clientId: String?
        var email: String?
        var givenName: String?
        var familyName: String?
        var hideEmail: Bool?
        var nonce: String?
        var cancel: Bool?
    }

    private struct SettingsRevokeBody: Decodable {
        var appleId: String?
        var clientId: String?
    }

    /// The simulated Apple under `/appleid`.
    static let table = RouteTable<AppleIDRoutes>(
        prefix: "/appleid",
        [
            ("GET", "/auth/keys", "Apple's JWKS", { routes, _ in .json(await routes.apple.jwks.json) }),
            (
                "GET", "/.well-known/openid-configuration", "the discovery document",
                { routes, call in
                    .json(routes.discovery(call.request))
                }
            ),
            (
                "GET", "/auth/authorize", "the Sign in with Apple web page (Apple ID, then the first-time sheet or Continue)",
                {
                    await $0.authorizePage($1.request)
                }
            ),
            ("POST", "/auth/authorize", "the sign-in sheet as an API (JSON)", { try await $0.authorize($1.request) }),
            (
                "POST", "/auth/authorize/decision",
                "the web page's answer: `form_post` of `code`, `id_token`, `state`, `user` (first time) to the redirect URI",
                { await $0.authorizeDecision($1.request) }
            ),
            ("POST", "/auth/token", "exchange an authorization code (form, with a `client_secret`)", { await $0.token($1.request) }),
            ("POST", "/auth/revoke", "revoke a token (form, with a `client_secret`)", { await $0.revoke($1.request) }),
            (
                "GET", "/auth/authorization", "whether the next authorization is the app's first",
                { await $0.firstAuthorization($1.request) }
            ),
            ("GET", "/auth/credential-state", "the credential state of a user for an app", { await $0.credentialState($1.request) }),
            ("POST", "/settings/revoke", "the user stops using Apple ID with the app (Settings)", { await $0.settingsRevoke($1.request) }),
        ])

    /// Answers a request under `/appleid`.
    /// - Parameters:
    ///   - request: The request.
    ///   - path: The path's segments under the prefix.
    /// - Returns: The response, in Apple's error shape when refused.
    func handle(_ request: EmulatorRequest, path: ArraySlice<String>) async -> EmulatorResponse {
        do {
            return try await Self.table.respond(self, to: request, path: path) { status in
                Self.error("invalid_request", status == 405 ? "method not allowed" : "no such endpoint", status: status)
            }
        } catch {
            return Self.error("server_error", "\(error)", status: 500)
        }
    }

    private func authorize(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        guard let body: AuthorizeBody = request.providerJSON() else { return Self.error("invalid_request", "malformed JSON body") }
        let name = PersonName(givenName: body.givenName, familyName: body.familyName)
        do {
            let response = try await apple.authorize(
                AppleSheetRequest(
                    clientID: body.clientId ?? "", appleID: body.email, name: name.formatted == nil ? nil : name,
                    hideEmail: body.hideEmail ?? false, nonce: body.nonce, cancel: body.cancel ?? false))
            var json: JSONObject = [
                "identityToken": .string(response.identityToken), "authorizationCode": .string(response.authorizationCode),
                "user": .string(response.user),
            ]
            if let email = response.email { json["email"] = .string(email) }
            if let fullName = response.fullName {
                json["fullName"] = .object([
                    "givenName": fullName.givenName.map(JSONValue.string) ?? .null,
                    "familyName": fullName.familyName.map(JSONValue.string) ?? .null,
                ])
            }
            return .json(json)
        } catch {
            let answer: JSONObject = [
                "error": .string(Self.name(of: error)), "code": .int(Int64(error.code)), "error_description": .string(error.description),
            ]
            return .json(answer, status: 400)
        }
    }

    private func token(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = request.formFields else { return Self.notAForm }
        do { return .json(try await apple.token(form: form)) } catch { return Self.error(error.error, error.errorDescription) }
    }

    private func revoke(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = request.formFields else { return Self.notAForm }
        do {
            try await apple.revoke(form: form)
            return EmulatorResponse(status: 200)
        } catch {
            return Self.error(error.error, error.errorDescription)
        }
    }

    private func firstAuthorization(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let client = request.query["client_id"] else { return Self.error("invalid_request", "client_id is required") }
        let first = await apple.isFirstAuthorization(appleID: request.query["apple_id"], clientID: client)
        return .json(["firstAuthorization": .bool(first)])
    }

    private func credentialState(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let user = request.query["user"], let client = request.query["client_id"] else {
            return Self.error("invalid_request", "user and client_id are required")
        }
        return .json(["state": .string(await apple.credentialState(userID: user, clientID: client).rawValue)])
    }

    private func settingsRevoke(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let body: SettingsRevokeBody = request.providerJSON(), let appleID = body.appleId, let client = body.clientId else {
            return Self.error("invalid_request", "appleId and clientId are required")
        }
        await apple.revokeAuthorization(appleID: appleID, clientID: client)
        return .json([:])
    }

    private func discovery(_ request: EmulatorRequest) -> JSONObject {
        let base = "http://\(request.headers["host"] ?? "127.0.0.1")/appleid"
        return [
            "issuer": .string("https://appleid.apple.com"), "authorization_endpoint": .string(base + "/auth/authorize"),
            "token_endpoint": .string(base + "/auth/token"), "revocation_endpoint": .string(base + "/auth/revoke"),
            "jwks_uri": .string(base + "/auth/keys"), "id_token_signing_alg_values_supported": .array([.string("RS256")]),
            "subject_types_supported": .array([.string("pairwise")]),
            "token_endpoint_auth_methods_supported": .array([.string("client_secret_post")]),
        ]
    }

    /// The sheet's error as the API names it.
    static func name(of error: AppleIDError) -> String {
        switch error {
        case .canceled: "canceled"
        case .notHandled: "not_handled"
        case .failed: "failed"
        case .invalidResponse: "invalid_response"
        case .unknown: "unknown"
        case .invalidRequest: "invalid_request"
        }
    }

    /// The answer to a form route given something else.
    static var notAForm: EmulatorResponse { error("invalid_request", "expected an application/x-www-form-urlencoded body") }

    /// Apple's OAuth error answer: `error` and, when there is one, `error_description`.
    static func error(_ error: String, _ description: String?, status: Int = 400) -> EmulatorResponse {
        var body: JSONObject = ["error": .string(error)]
        if let description { body["error_description"] = .string(description) }
        return .json(body, status: status)
    }
}

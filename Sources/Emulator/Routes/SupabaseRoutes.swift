import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// Supabase Auth (GoTrue) under `/auth/v1/`, in the shapes the official clients need: sessions
/// and users as GoTrue writes them, errors as `{"code","message"}` when the client sends
/// `X-Supabase-Api-Version: 2024-01-01` (echoed back), the legacy shape otherwise, and OAuth
/// errors for the id_token grant.
struct SupabaseRoutes {
    let engine: SupabaseEngine
    let apiKeys: [String]

    private struct OTPBody: Decodable {
        var email: String?
        var phone: String?
        var createUser: Bool?
        var data: JSONObject?
        enum CodingKeys: String, CodingKey { case email, phone, data, createUser = "create_user" }
    }

    private struct VerifyBody: Decodable {
        var type: String?
        var email: String?
        var token: String?
        var tokenHash: String?
        enum CodingKeys: String, CodingKey { case type, email, token, tokenHash = "token_hash" }
    }

    private struct SignUpBody: Decodable {
        var email: String?
        var phone: String?
        var data: JSONObject?
    }

    private struct RefreshBody: Decodable {
        var refreshToken: String?
        enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
    }

    private struct UserBody: Decodable {
        var data: JSONObject?
        var email: String?
        var password: String?
        var phone: String?
    }

    private struct BanBody: Decodable {
        var banDuration: String?
        enum CodingKeys: String, CodingKey { case banDuration = "ban_duration" }
    }

    func handle(_ request: EmulatorRequest, path: ArraySlice<String>) async -> EmulatorResponse {
        let versioned = (request.headers["x-supabase-api-version"] ?? "") >= "2024-01-01"
        do {
            guard path.first == "v1" else { throw SupabaseFailure.api(status: 404, code: "not_found", message: "Not Found") }
            try authorizeGateway(request)
            return try await route(request, Array(path.dropFirst()), versioned: versioned)
        } catch let failure as SupabaseFailure {
            return Self.error(failure, versioned: versioned)
        } catch let gateway as GatewayRefusal {
            return .json(["message": .string(gateway.message), "hint": .string("Double check your Supabase `anon` or `service_role` API key.")], status: 401)
        } catch {
            return Self.error(.api(status: 500, code: "unexpected_failure", message: "\(error)"), versioned: versioned)
        }
    }

    /// The API gateway's check: an accepted key in `apikey` (header or query).
    private func authorizeGateway(_ request: EmulatorRequest) throws(GatewayRefusal) {
        guard let key = request.headers["apikey"] ?? request.query["apikey"] else { throw GatewayRefusal(message: "No API key found in request") }
        guard apiKeys.contains(where: { $0.utf8.count == key.utf8.count && $0 == key }) else { throw GatewayRefusal(message: "Invalid API key") }
    }

    private func route(_ request: EmulatorRequest, _ path: [String], versioned: Bool) async throws -> EmulatorResponse {
        let headers = versioned ? [("X-Supabase-Api-Version", "2024-01-01")] : []
        switch (request.method, path) {
        case ("POST", ["token"]):
            switch request.query["grant_type"] ?? formField(request, "grant_type") {
            case "id_token":
                let body = try SupabaseIDTokenRequest(json: try decodeObject(request))
                return .json(try await engine.grantIDToken(body, bearer: request.bearer).jsonObject, headers: headers)
            case "refresh_token":
                let body: RefreshBody = try decode(request)
                return .json(try await engine.grantRefreshToken(body.refreshToken).jsonObject, headers: headers)
            case "password":
                throw SupabaseFailure.api(status: 400, code: "invalid_credentials", message: "Invalid login credentials")
            case "pkce":
                throw SupabaseFailure.api(status: 404, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found")
            default:
                throw SupabaseFailure.api(status: 400, code: "invalid_credentials", message: "unsupported_grant_type")
            }
        case ("POST", ["signup"]):
            let body: SignUpBody = try decode(request)
            guard body.email == nil, body.phone == nil else {
                throw SupabaseFailure.api(status: 422, code: "email_provider_disabled", message: "Email signups are disabled")
            }
            return .json(try await engine.signUpAnonymously(data: body.data ?? [:]).jsonObject, headers: headers)
        case ("POST", ["otp"]):
            let body: OTPBody = try decode(request)
            guard body.phone == nil else { throw SupabaseFailure.api(status: 400, code: "phone_provider_disabled", message: "Unsupported phone provider") }
            try await engine.sendOTP(email: body.email, createUser: body.createUser ?? true, data: body.data ?? [:])
            return .json([:], headers: headers)
        case ("POST", ["verify"]):
            let body: VerifyBody = try decode(request)
            if body.tokenHash != nil, body.token == nil {
                throw SupabaseFailure.api(status: 403, code: "otp_expired", message: "Email link is invalid or has expired")
            }
            return .json(try await engine.verifyOTP(type: body.type, email: body.email, token: body.token).jsonObject, headers: headers)
        case ("GET", ["user"]):
            return .json(try await engine.user(bearer: request.bearer).jsonObject, headers: headers)
        case ("PUT", ["user"]):
            let body: UserBody = try decode(request)
            return .json(encoding: try await engine.updateUser(bearer: request.bearer, data: body.data, email: body.email, password: body.password), headers: headers)
        case ("DELETE", let identity) where identity.count == 3 && identity[0] == "user" && identity[1] == "identities":
            _ = try await engine.unlinkIdentity(bearer: request.bearer, identityID: identity[2])
            return .json([:], headers: headers)
        case ("POST", ["logout"]):
            try await engine.logout(bearer: request.bearer, scope: request.query["scope"].flatMap { $0.isEmpty ? nil : $0 })
            return EmulatorResponse(status: 204, headers: headers)
        case ("GET", ["settings"]):
            return .json(Self.settings, headers: headers)
        case ("GET", ["health"]):
            return .json(["version": .string("v2.196.0-authcoordinator"), "name": .string("GoTrue"),
                          "description": .string("GoTrue is a user registration and authentication API")], headers: headers)
        case ("GET", [".well-known", "jwks.json"]):
            return .json(engine.jwks, headers: headers + [("Cache-Control", "public, max-age=600")])
        case ("DELETE", let admin) where admin.count == 3 && admin[0] == "admin" && admin[1] == "users":
            try await engine.adminDeleteUser(bearer: request.bearer, userID: admin[2])
            return .json([:], headers: headers)
        case ("PUT", let admin) where admin.count == 3 && admin[0] == "admin" && admin[1] == "users":
            let body: BanBody = try decode(request)
            return .json(encoding: try await engine.adminBanUser(bearer: request.bearer, userID: admin[2], banDuration: body.banDuration ?? "none"), headers: headers)
        default:
            let known = [["token"], ["signup"], ["otp"], ["verify"], ["user"], ["logout"], ["settings"], ["health"], [".well-known", "jwks.json"]]
            if known.contains(path) { throw SupabaseFailure.api(status: 405, code: "method_not_allowed", message: "Method Not Allowed") }
            throw SupabaseFailure.api(status: 404, code: "not_found", message: "Not Found")
        }
    }

    /// Decodes a JSON body: an empty body, another content type, malformed JSON or wrong field
    /// types are GoTrue's `bad_json`.
    private func decode<T: Decodable>(_ request: EmulatorRequest) throws(SupabaseFailure) -> T {
        _ = try decodeObject(request)
        do {
            return try JSONDecoder().decode(T.self, from: Data(request.body))
        } catch {
            throw .badJSONBody("\(error)")
        }
    }

    /// Parses a JSON object body strictly (duplicate keys refused).
    private func decodeObject(_ request: EmulatorRequest) throws(SupabaseFailure) -> JSONObject {
        if let type = request.contentType, type != "application/json" {
            throw .api(status: 400, code: "bad_json", message: "Could not parse request body as JSON: unsupported content type \(type)")
        }
        guard !request.body.isEmpty else { throw .badJSONBody("empty body") }
        do {
            return try StrictJSONParser.parseObject(request.body)
        } catch {
            throw .badJSONBody("\(error)")
        }
    }

    private func formField(_ request: EmulatorRequest, _ name: String) -> String? {
        guard request.contentType == "application/x-www-form-urlencoded" else { return nil }
        return FormEncoding.decode(String(decoding: request.body, as: UTF8.self))?[name]
    }

    static func error(_ failure: SupabaseFailure, versioned: Bool) -> EmulatorResponse {
        switch failure {
        case .oauth(let error, let description):
            return .json(["error": .string(error), "error_description": .string(description)], status: 400)
        case .api(let status, let code, let message):
            if versioned {
                return .json(["code": .string(code), "message": .string(message)], status: status,
                             headers: [("X-Supabase-Api-Version", "2024-01-01"), ("x-sb-error-code", code)])
            }
            return .json(["code": .int(Int64(status)), "error_code": .string(code), "msg": .string(message)], status: status,
                         headers: [("x-sb-error-code", code)])
        }
    }

    private static let settings: JSONObject = {
        var external = JSONObject()
        for provider in ["anonymous_users", "apple", "azure", "bitbucket", "discord", "email", "facebook", "figma", "fly", "github",
                         "gitlab", "google", "kakao", "keycloak", "linkedin", "linkedin_oidc", "notion", "phone", "slack",
                         "slack_oidc", "snapchat", "spotify", "twitch", "twitter", "workos", "zoom"] {
            external[provider] = .bool(["anonymous_users", "apple", "email", "google"].contains(provider))
        }
        return [
            "external": .object(external), "disable_signup": .bool(false), "mailer_autoconfirm": .bool(false),
            "phone_autoconfirm": .bool(false), "sms_provider": .string(""), "saml_enabled": .bool(false),
            "saml_private_key_next_configured": .bool(false), "passkeys_enabled": .bool(false),
        ]
    }()
}

/// The API gateway refused the request (missing or unknown `apikey`).
struct GatewayRefusal: Error {
    let message: String
}

extension SupabaseIDTokenRequest {
    /// Reads the id_token grant body from parsed JSON (the hot path: no `JSONDecoder`). Strings
    /// may be `null` (empty); any other type is `bad_json`.
    init(json: JSONObject) throws(SupabaseFailure) {
        func string(_ key: String) throws(SupabaseFailure) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw .badJSONBody("\(key) must be a string")
            }
        }
        self.init(provider: try string("provider"), idToken: try string("id_token"), accessToken: try string("access_token"), nonce: try string("nonce"))
        switch json["link_identity"] {
        case nil, .null?: linkIdentity = nil
        case .bool(let flag)?: linkIdentity = flag
        default: throw .badJSONBody("link_identity must be a boolean")
        }
        clientID = try string("client_id")
        issuer = try string("issuer")
    }
}

extension SupabaseFailure {
    static func badJSONBody(_ detail: String) -> SupabaseFailure {
        .api(status: 400, code: "bad_json", message: "Could not parse request body as JSON: \(detail)")
    }
}

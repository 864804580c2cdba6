import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// Supabase Auth (GoTrue) under `/auth/v1/`, in the shapes the official clients need: sessions
/// and users as GoTrue writes them, errors as `{"code","message"}` when the client sends
/// `X-Supabase-Api-Version` of 2024-01-01 or later (echoed on errors), the legacy shape otherwise, and OAuth
/// errors for the id_token grant.
struct SupabaseRoutes {
    let engine: SupabaseEngine
    let apiKeys: [String]

    /// The routes under `/auth/v1`.
    static let table = RouteTable<SupabaseRoutes>(prefix: "/auth/v1", coreRoutes + passkeyRoutes)

    private static let coreRoutes: [Row] = [
        (
            "POST", "/token", "`grant_type=id_token`, `password` (email), `refresh_token` or `pkce`",
            { try await $0.token($1.request) }
        ),
        (
            "GET", "/authorize",
            """
            a browser sign-in: 302 to the provider (`provider`, `redirect_to` or `Referer`, `scopes`, PKCE `code_challenge`); no API\
             key, as Supabase's gateway
            """,
            { try await $0.authorize($1.request) }
        ),
        (
            "GET", "/callback",
            "the provider's answer: 302 to `redirect_to` with `code` (PKCE) or the session and `provider_token` in the fragment",
            { await $0.callback($1.request) }
        ),
        ("POST", "/callback", "Apple's `form_post` answer, as `GET /callback`", { await $0.callback($1.request) }),
        (
            "GET", "/user/identities/authorize",
            "link a provider through the browser (manual linking; `skip_http_redirect=true` answers `{url}`)",
            { try await $0.authorizeIdentity($1.request) }
        ),
        (
            "POST", "/signup",
            "an anonymous user, or email + password (a confirmation mail, or a session with autoconfirm); phone answers GoTrue's 400",
            { try await $0.signUp($1.request) }
        ),
        ("POST", "/otp", "mail a one-time code and its link (a PKCE link with `code_challenge`)", { try await $0.otp($1.request) }),
        (
            "POST", "/verify", "verify a one-time code (`email` + `token`) or an emailed link's `token_hash`",
            { try await $0.verify($1.request) }
        ),
        (
            "GET", "/verify",
            """
            the emailed link: 303 to `redirect_to` with the session (or the error) in the fragment; a PKCE link (`pkce_` token) with\
             `?code=`
            """,
            { try await $0.verifyLink($1.request) }
        ),
        (
            "POST", "/invite", "create a user without a password and mail an invite (type `invite`; service role)",
            { try await $0.invite($1.request) }
        ),
        (
            "POST", "/recover", "mail a password recovery code and its link (type `recovery`); `{}` for any address",
            { try await $0.recover($1.request) }
        ),
        ("POST", "/resend", "mail a new confirmation code (`type=signup`)", { try await $0.resend($1.request) }),
        ("GET", "/reauthenticate", "mail a reauthentication code to the signed-in user", { try await $0.reauthenticate($1.request) }),
        ("GET", "/user", "the signed-in user", { try await $0.user($1.request) }),
        (
            "PUT", "/user", "update `user_metadata` (`data`) and the `password`; `email`, `phone` and `app_metadata` get refusals",
            { try await $0.updateUser($1.request) }
        ),
        (
            "DELETE", "/user/identities/{identity_id}", "unlink an identity (needs manual linking enabled)",
            { try await $0.unlinkIdentity($1) }
        ),
        ("POST", "/logout", "end sessions (`scope=global|local|others`)", { try await $0.logout($1.request) }),
        (
            "POST", "/sso", "SAML single sign-on: 404 `saml_provider_disabled`, as a project without SAML (GoTrue `requireSAMLEnabled`)",
            { _, _ in throw SupabaseFailure.api(status: 404, code: "saml_provider_disabled", message: "SAML 2.0 is disabled") }
        ),
        ("GET", "/settings", "the configured providers and sign-up settings", { $0.respond($1.request, $0.settingsBody) }),
        ("GET", "/health", "GoTrue's health answer", { $0.respond($1.request, Self.health) }),
        ("GET", "/.well-known/jwks.json", "the access-token keys (empty for HS256)", { $0.jwks($1.request) }),
        ("GET", "/admin/users", "list users, newest first, `page` and `per_page` (service role)", { try await $0.adminListUsers($1) }),
        (
            "POST", "/admin/generate_link",
            """
            a `signup`, `invite`, `magiclink`, `recovery`, `email_change_current` or `email_change_new` link and code, not mailed\
             (service role)
            """,
            { try await $0.adminGenerateLink($1) }
        ),
        (
            "POST", "/admin/users",
            "create a user: email and/or `phone` (E.164), `password` or `password_hash` (bcrypt), `email_confirm`,"
                + " `phone_confirm`, `role`, metadata, `ban_duration`, `id` (service role)", { try await $0.adminCreateUser($1) }
        ),
        ("GET", "/admin/users/{user_id}", "one user (service role)", { try await $0.adminGetUser($1) }),
        ("DELETE", "/admin/users/{user_id}", "delete a user (service role)", { try await $0.adminDeleteUser($1) }),
        (
            "PUT", "/admin/users/{user_id}",
            "set `password`, `email`, `email_confirm`, `phone`, `phone_confirm`, `role`; merge `app_metadata`, `user_metadata`; "
                + "`ban_duration` (service role)",
            { try await $0.adminUpdateUserFields($1) }
        ),
        // MFA: SupabaseRoutes+Factors.swift
        (
            "POST", "/factors", "enrol a TOTP factor: `factor_type`, `friendly_name`, `issuer` → `totp.secret`, `totp.uri`",
            { try await $0.enrollFactor($1.request) }
        ),
        ("POST", "/factors/{factor_id}/challenge", "a challenge of the factor (`expires_at`: 300 s)", { try await $0.challengeFactor($1) }),
        (
            "POST", "/factors/{factor_id}/verify", "verify a code (`challenge_id`, `code`): the `aal2` session",
            { try await $0.verifyFactor($1) }
        ),
        ("DELETE", "/factors/{factor_id}", "unenrol (a verified factor needs `aal2`)", { try await $0.unenrollFactor($1) }),
        ("GET", "/admin/users/{user_id}/factors", "a user's factors (service role)", { try await $0.adminListFactors($1) }),
        (
            "DELETE", "/admin/users/{user_id}/factors/{factor_id}", "delete a user's factor (service role)",
            { try await $0.adminDeleteFactor($1) }
        ),
    ]

    func handle(_ request: EmulatorRequest, path: ArraySlice<String>) async -> EmulatorResponse {
        var request = request
        request.clientAddress = Self.rateLimitKey(request, header: engine.configuration.settings.rateLimitHeader)
        let versioned = Self.isVersioned(request)
        do {
            guard path.first == "v1" else { throw SupabaseFailure.api(status: 404, code: "not_found", message: "Not Found") }
            if !Self.isOpenRoute(request, path: path.dropFirst()) { try authorizeGateway(request) }
            return try await Self.table.respond(self, to: request, path: path.dropFirst()) { status in
                status == 405
                    ? Self.error(.api(status: 405, code: "method_not_allowed", message: "Method Not Allowed"), versioned: versioned)
                    : Self.error(.api(status: 404, code: "not_found", message: "Not Found"), versioned: versioned)
            }
        } catch let failure as SupabaseFailure {
            return Self.error(failure, versioned: versioned)
        } catch let gateway as GatewayRefusal {
            return .json(
                ["message": .string(gateway.message), "hint": .string("Double check your Supabase `anon` or `service_role` API key.")],
                status: 401)
        } catch {
            return Self.error(.api(status: 500, code: "unexpected_failure", message: "\(error)"), versioned: versioned)
        }
    }

    /// The client GoTrue's per-client limits count (`performRateLimitingWithHeader`, api/middleware.go):
    /// the first comma-separated value of the `GOTRUE_RATE_LIMIT_HEADER` header, trimmed; empty
    /// (not limited) without that setting, without the header or with an empty first value. The
    /// Supabase handlers see it as the request's client address.
    static func rateLimitKey(_ request: EmulatorRequest, header: String?) -> String {
        guard let header, let value = request.headers[header.lowercased()] else { return "" }
        let first = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return first.trimmingCharacters(in: .whitespaces)
    }

    /// Whether the client asked for the 2024-01-01 error shape (echoed back on errors only).
    static func isVersioned(_ request: EmulatorRequest) -> Bool {
        SupabaseAPIVersion.isAtLeast20240101(request.headers["x-supabase-api-version"])
    }

    /// The routes Supabase's API gateway serves without an API key, because a browser reaches
    /// them by navigating (the `auth-v1-open` routes of the Supabase stack's gateway).
    private static func isOpenRoute(_ request: EmulatorRequest, path: ArraySlice<String>) -> Bool {
        guard path.count == 1, let first = path.first else { return false }
        return first == "authorize" || first == "callback" || (first == "verify" && request.method == "GET")
    }

    /// The emulator's origin as the browser sees it (the `Host` the request came to).
    private static func base(_ request: EmulatorRequest) -> String {
        "http://" + (request.headers["host"] ?? "127.0.0.1")
    }

    private func authorize(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let url = try await engine.authorize(
            provider: request.query["provider"], referrers: Self.referrers(request), codeChallenge: request.query["code_challenge"],
            codeChallengeMethod: request.query["code_challenge_method"], scopes: request.query["scopes"], base: Self.base(request),
            client: request.client)
        return EmulatorResponse(status: 302, headers: [("Location", url.absoluteString), ("Cache-Control", "no-store")])
    }

    private func authorizeIdentity(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let url = try await engine.authorize(
            provider: request.query["provider"], referrers: Self.referrers(request), codeChallenge: request.query["code_challenge"],
            codeChallengeMethod: request.query["code_challenge_method"], scopes: request.query["scopes"], base: Self.base(request),
            linkingBearer: request.bearer ?? "", client: request.client)
        if request.query["skip_http_redirect"] == "true" { return respond(request, ["url": .string(url.absoluteString)]) }
        return EmulatorResponse(status: 302, headers: [("Location", url.absoluteString), ("Cache-Control", "no-store")])
    }

    private func callback(_ request: EmulatorRequest) async -> EmulatorResponse {
        var fields = request.query
        if request.method == "POST", request.contentType == "application/x-www-form-urlencoded",
            let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
        {
            fields.merge(form) { _, posted in posted }
        }
        let (location, status) = await engine.callback(fields, base: Self.base(request))
        return EmulatorResponse(status: status, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    /// The API gateway's check: an accepted key in `apikey` (header or query).
    private func authorizeGateway(_ request: EmulatorRequest) throws(GatewayRefusal) {
        guard let key = request.headers["apikey"] ?? request.query["apikey"] else {
            throw GatewayRefusal(message: "No API key found in request")
        }
        guard apiKeys.contains(where: { $0.utf8.count == key.utf8.count && $0 == key }) else {
            throw GatewayRefusal(message: "Invalid API key")
        }
    }

    // MARK: - Handlers

    func respond(_ request: EmulatorRequest, _ body: JSONObject) -> EmulatorResponse {
        .json(body)
    }

    private func token(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        switch request.query["grant_type"] ?? formField(request, "grant_type") {
        case "id_token":
            let body = try SupabaseIDTokenRequest(json: try decodeObject(request))
            return respond(request, try await engine.grantIDToken(body, bearer: request.bearer, client: request.client).jsonObject)
        case "refresh_token":
            let body: RefreshBody = try decode(request)
            return respond(request, try await engine.grantRefreshToken(body.refreshToken, client: request.client).jsonObject)
        case "password":
            let body: PasswordBody = try decode(request)
            let session = try await engine.grantPassword(
                email: body.email, phone: body.phone, password: body.password, client: request.client)
            return respond(request, session.jsonObject)
        case "pkce":
            let body: PKCEBody = try decode(request)
            return respond(
                request,
                try await engine.grantPKCE(authCode: body.authCode, codeVerifier: body.codeVerifier, client: request.client).jsonObject)
        default:
            throw SupabaseFailure.api(status: 400, code: "invalid_credentials", message: "unsupported_grant_type")
        }
    }

    private func user(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        respond(request, try await engine.user(bearer: request.bearer).jsonObject)
    }

    private func updateUser(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let body: UserBody = try decode(request)
        let update = SupabaseEngine.UserUpdate(
            data: body.data, email: body.email, password: body.password, phone: body.phone, appMetadata: body.appMetadata,
            nonce: body.nonce)
        let user = try await engine.updateUser(bearer: request.bearer, update, referrers: Self.referrers(request), client: request.client)
        return respond(request, user.jsonObject)
    }

    private func unlinkIdentity(_ call: RouteCall) async throws -> EmulatorResponse {
        _ = try await engine.unlinkIdentity(bearer: call.request.bearer, identityID: call[parameter: "identity_id"])
        return respond(call.request, [:])
    }

    private func logout(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        try await engine.logout(bearer: request.bearer, scope: request.query["scope"].flatMap { $0.isEmpty ? nil : $0 })
        return EmulatorResponse(status: 204)
    }

    private func jwks(_ request: EmulatorRequest) -> EmulatorResponse {
        .json(engine.jwks, headers: [("Cache-Control", "public, max-age=600")])
    }

    private func adminDeleteUser(_ call: RouteCall) async throws -> EmulatorResponse {
        try await engine.adminDeleteUser(bearer: call.request.bearer, userID: call[parameter: "user_id"])
        return respond(call.request, [:])
    }

    /// Decodes a JSON body: an empty body, another content type, malformed JSON or wrong field
    /// types are GoTrue's `bad_json`.
    func decode<T: Decodable>(_ request: EmulatorRequest) throws(SupabaseFailure) -> T {
        _ = try decodeObject(request)
        do {
            return try JSONDecoder().decode(T.self, from: Data(request.body))
        } catch {
            throw .badJSONBody("\(error)")
        }
    }

    /// Parses a JSON object body strictly (duplicate keys refused).
    func decodeObject(_ request: EmulatorRequest) throws(SupabaseFailure) -> JSONObject {
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
            // GoTrue's handleResponseErrorWeakPassword adds the reasons beside the message.
            let weak: JSONObject =
                code != "weak_password"
                ? [:]
                : [
                    "weak_password": .object(["reasons": .array(SupabasePasswordPolicy.reasons(inMessage: message).map(JSONValue.string))])
                ]
            if versioned {
                let body: JSONObject = ["code": .string(code), "message": .string(message)]
                return .json(
                    body.merging(weak), status: status,
                    headers: [("X-Supabase-Api-Version", "2024-01-01"), ("x-sb-error-code", code)])
            }
            let legacy: JSONObject = ["code": .int(Int64(status)), "error_code": .string(code), "msg": .string(message)]
            return .json(
                legacy.merging(weak), status: status,
                headers: [("x-sb-error-code", code)])
        }
    }

    private static let health: JSONObject = [
        "version": .string("v2.196.0-authcoordinator"), "name": .string("GoTrue"),
        "description": .string("GoTrue is a user registration and authentication API"),
    ]

    /// `GET /settings` (GoTrue internal/api/settings.go): the providers and sign-up settings the
    /// project is configured with, so that it agrees with what `/signup`, `/otp` and `/token` do.
    /// Phone and SAML stay off: the emulator has no SMS provider and no SAML.
    private var settingsBody: JSONObject {
        let settings = engine.configuration.settings
        var external = JSONObject()
        for provider in Self.settingsProviders { external[provider] = .bool(false) }
        external["anonymous_users"] = .bool(settings.anonymousUsersEnabled)
        external["email"] = .bool(settings.emailEnabled)
        for provider in settings.enabledProviders { external[ProviderWireNames.supabase(provider)] = .bool(true) }
        return [
            "external": .object(external), "disable_signup": .bool(settings.disableSignup),
            "mailer_autoconfirm": .bool(settings.mailerAutoconfirm), "phone_autoconfirm": .bool(false), "sms_provider": .string(""),
            "saml_enabled": .bool(false), "saml_private_key_next_configured": .bool(false), "passkeys_enabled": .bool(false),
        ]
    }

    /// The providers GoTrue's `ProviderSettings` names.
    private static let settingsProviders = [
        "anonymous_users", "apple", "azure", "bitbucket", "discord", "email", "facebook", "figma", "fly", "github", "gitlab", "google",
        "kakao", "keycloak", "linkedin", "linkedin_oidc", "notion", "phone", "slack", "slack_oidc", "snapchat", "spotify", "twitch",
        "twitter", "workos", "zoom",
    ]
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
        self.init(
            provider: try string("provider"), idToken: try string("id_token"), accessToken: try string("access_token"),
            nonce: try string("nonce"))
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

import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// The simulated identity providers over HTTP: Apple under `/appleid/` (JWKS, the sign-in sheet
/// as an API, `/auth/token`, `/auth/revoke` form-encoded as Apple's, credential state) and
/// Google under `/google/` (certs and sign-in).
struct IdentityProviderRoutes {
    let services: SimulatedServices

    private struct AppleAuthorizeBody: Decodable {
        var clientId: String?
        var email: String?
        var givenName: String?
        var familyName: String?
        var hideEmail: Bool?
        var nonce: String?
        var cancel: Bool?
    }

    private struct GoogleSignInBody: Decodable {
        var clientId: String?
        var email: String?
        var name: String?
        var nonce: String?
        var cancel: Bool?
    }

    private struct AppleSettingsRevokeBody: Decodable {
        var appleId: String?
        var clientId: String?
    }

    /// The simulated Apple under `/appleid`.
    static let appleTable = RouteTable<IdentityProviderRoutes>(prefix: "/appleid", [
        ("GET", "/auth/keys", "Apple's JWKS", { routes, _ in .json(await routes.services.apple.jwks.json) }),
        ("GET", "/.well-known/openid-configuration", "the discovery document", { routes, call in .json(routes.discovery(call.request)) }),
        ("GET", "/auth/authorize", "the Sign in with Apple web page (Apple ID, then the first-time sheet or Continue)", { await $0.appleAuthorizePage($1.request) }),
        ("POST", "/auth/authorize", "the sign-in sheet as an API (JSON)", { try await $0.appleAuthorize($1.request) }),
        ("POST", "/auth/authorize/decision", "the web page's answer: `form_post` of `code`, `id_token`, `state`, `user` (first time) to the redirect URI",
         { await $0.appleAuthorizeDecision($1.request) }),
        ("POST", "/auth/token", "exchange an authorization code (form, with a `client_secret`)", { await $0.appleToken($1.request) }),
        ("POST", "/auth/revoke", "revoke a token (form, with a `client_secret`)", { await $0.appleRevoke($1.request) }),
        ("GET", "/auth/authorization", "whether the next authorization is the app's first", { await $0.appleFirstAuthorization($1.request) }),
        ("GET", "/auth/credential-state", "the credential state of a user for an app", { await $0.appleCredentialState($1.request) }),
        ("POST", "/settings/revoke", "the user stops using Apple ID with the app (Settings)", { await $0.appleSettingsRevoke($1.request) }),
    ])

    /// The simulated Google under `/google`.
    static let googleTable = RouteTable<IdentityProviderRoutes>(prefix: "/google", [
        ("GET", "/oauth2/v3/certs", "Google's JWKS", { routes, _ in .json(await routes.services.google.jwks.json) }),
        ("POST", "/signin", "the account chooser as an API (JSON)", { await $0.googleSignIn($1.request) }),
        ("GET", "/o/oauth2/v2/auth", "the Google sign-in web page (authorization code flow, PKCE)", { $0.googleAuthorizePage($1.request) }),
        ("POST", "/o/oauth2/v2/auth/decision", "the web page's answer: a redirect with `code` and `state`, or `error=access_denied`",
         { await $0.googleAuthorizeDecision($1.request) }),
        ("POST", "/token", "exchange a code (form: `code`, `client_id`, `redirect_uri`, `code_verifier`)", { await $0.googleToken($1.request) }),
    ])

    func apple(_ request: EmulatorRequest, path: [String]) async -> EmulatorResponse {
        do {
            return try await Self.appleTable.respond(self, to: request, path: path[...]) { status in
                Self.appleError("invalid_request", status == 405 ? "method not allowed" : "no such endpoint", status: status)
            }
        } catch {
            return Self.appleError("server_error", "\(error)", status: 500)
        }
    }

    func google(_ request: EmulatorRequest, path: [String]) async -> EmulatorResponse {
        do {
            return try await Self.googleTable.respond(self, to: request, path: path[...]) { status in
                status == 405 ? Self.googleError("method_not_allowed", "method not allowed", status: 405)
                    : Self.googleError("not_found", "no such endpoint", status: 404)
            }
        } catch {
            return Self.googleError("server_error", "\(error)", status: 500)
        }
    }

    // MARK: - Apple

    private func appleAuthorize(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        guard let body: AppleAuthorizeBody = decodeJSON(request) else { return Self.appleError("invalid_request", "malformed JSON body") }
        let name = PersonName(givenName: body.givenName, familyName: body.familyName)
        do {
            let response = try await services.apple.authorize(AppleSheetRequest(
                clientID: body.clientId ?? "", appleID: body.email, name: name.formatted == nil ? nil : name,
                hideEmail: body.hideEmail ?? false, nonce: body.nonce, cancel: body.cancel ?? false))
            var json: JSONObject = [
                "identityToken": .string(response.identityToken), "authorizationCode": .string(response.authorizationCode),
                "user": .string(response.user),
            ]
            if let email = response.email { json["email"] = .string(email) }
            if let fullName = response.fullName {
                json["fullName"] = .object(["givenName": fullName.givenName.map(JSONValue.string) ?? .null,
                                            "familyName": fullName.familyName.map(JSONValue.string) ?? .null])
            }
            return .json(json)
        } catch {
            return .json(["error": .string(Self.name(of: error)), "code": .int(Int64(error.code)), "error_description": .string(error.description)], status: 400)
        }
    }

    private func appleToken(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = formFields(request) else { return Self.appleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
        do { return .json(try await services.apple.token(form: form)) } catch { return Self.appleError(error.error, error.errorDescription) }
    }

    private func appleRevoke(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = formFields(request) else { return Self.appleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
        do {
            try await services.apple.revoke(form: form)
            return EmulatorResponse(status: 200)
        } catch {
            return Self.appleError(error.error, error.errorDescription)
        }
    }

    private func appleFirstAuthorization(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let client = request.query["client_id"] else { return Self.appleError("invalid_request", "client_id is required") }
        return .json(["firstAuthorization": .bool(await services.apple.isFirstAuthorization(appleID: request.query["apple_id"], clientID: client))])
    }

    private func appleCredentialState(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let user = request.query["user"], let client = request.query["client_id"] else {
            return Self.appleError("invalid_request", "user and client_id are required")
        }
        return .json(["state": .string(await services.apple.credentialState(userID: user, clientID: client).rawValue)])
    }

    private func appleSettingsRevoke(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let body: AppleSettingsRevokeBody = decodeJSON(request), let appleID = body.appleId, let client = body.clientId else {
            return Self.appleError("invalid_request", "appleId and clientId are required")
        }
        await services.apple.revokeAuthorization(appleID: appleID, clientID: client)
        return .json([:])
    }

    // MARK: - Apple web pages

    private func appleAuthorizePage(_ request: EmulatorRequest) async -> EmulatorResponse {
        let authorize: ProviderAuthorizeRequest
        do { authorize = try ProviderAuthorizeRequest(request.query, host: request.headers["host"]) } catch {
            return .html(AppleSignInPages.refusal(error, provider: "Sign in with Apple"), status: 400)
        }
        guard let appleID = request.query["apple_id"].flatMap({ try? EmailAddress.normalized($0) }) else {
            return .html(AppleSignInPages.appleIDStep(authorize))
        }
        let firstTime = await services.apple.isFirstAuthorization(appleID: appleID, clientID: authorize.clientID)
        let relay = firstTime ? await services.apple.relayAddress(appleID: appleID) : nil
        return .html(AppleSignInPages.consentStep(authorize, appleID: appleID, firstTime: firstTime, relayAddress: relay))
    }

    private func appleAuthorizeDecision(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = formFields(request) else { return Self.appleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
        let authorize: ProviderAuthorizeRequest
        do { authorize = try ProviderAuthorizeRequest(form, host: request.headers["host"]) } catch {
            return .html(AppleSignInPages.refusal(error, provider: "Sign in with Apple"), status: 400)
        }
        var answer: [(String, String)] = []
        if form["decision"] == "cancel" {
            answer = [("error", "user_cancelled_authorize")]
        } else {
            let name = PersonName(givenName: form["first_name"].flatMap { $0.isEmpty ? nil : $0 }, familyName: form["last_name"].flatMap { $0.isEmpty ? nil : $0 })
            do {
                let response = try await services.apple.authorize(AppleSheetRequest(
                    clientID: authorize.clientID, appleID: form["apple_id"], name: name.formatted == nil ? nil : name,
                    hideEmail: form["email_choice"] == "hide", nonce: authorize.nonce, cancel: false, redirectURI: authorize.redirectURI))
                answer = [("code", response.authorizationCode), ("id_token", response.identityToken)]
                if let user = Self.appleUserField(response, asked: authorize) { answer.append(("user", user)) }
            } catch {
                answer = [("error", Self.name(of: error))]
            }
        }
        if let state = authorize.state { answer.insert(("state", state), at: answer.count > 1 ? 2 : 1) }
        if authorize.responseMode == "form_post" || authorize.scope != nil {
            return .html(AppleSignInPages.formPost(to: authorize.redirectURI, fields: answer))
        }
        return Self.redirect(authorize.redirectURI, with: answer)
    }

    /// Apple's `user` field: name and email, on the first authorization only, as JSON.
    private static func appleUserField(_ response: AppleSheetResponse, asked request: ProviderAuthorizeRequest) -> String? {
        var user: JSONObject = [:]
        if request.asks(for: "name"), let name = response.fullName {
            user["name"] = .object(["firstName": name.givenName.map(JSONValue.string) ?? .string(""),
                                    "lastName": name.familyName.map(JSONValue.string) ?? .string("")])
        }
        if request.asks(for: "email"), let email = response.email { user["email"] = .string(email) }
        return user.isEmpty ? nil : user.jsonString
    }

    /// A 302 to `uri` with `fields` added to its query.
    static func redirect(_ uri: String, with fields: [(String, String)]) -> EmulatorResponse {
        var components = URLComponents(string: uri)
        let query = [components?.percentEncodedQuery, FormEncoding.encode(fields)].compactMap { $0 }.filter { !$0.isEmpty }
        components?.percentEncodedQuery = query.joined(separator: "&")
        let location = components?.url?.absoluteString ?? uri
        return EmulatorResponse(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    // MARK: - Google web pages

    private func googleAuthorizePage(_ request: EmulatorRequest) -> EmulatorResponse {
        do {
            return .html(GoogleSignInPages.chooser(try ProviderAuthorizeRequest(request.query, host: request.headers["host"])))
        } catch {
            return .html(AppleSignInPages.refusal(error, provider: "Google"), status: 400)
        }
    }

    private func googleAuthorizeDecision(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = formFields(request) else { return Self.googleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
        let authorize: ProviderAuthorizeRequest
        do { authorize = try ProviderAuthorizeRequest(form, host: request.headers["host"]) } catch {
            return .html(AppleSignInPages.refusal(error, provider: "Google"), status: 400)
        }
        var answer: [(String, String)]
        if form["decision"] == "cancel" {
            answer = [("error", "access_denied")]
        } else {
            do {
                let code = try await services.google.authorize(GoogleAuthorizationRequest(
                    clientID: authorize.clientID, redirectURI: authorize.redirectURI, email: form["email"] ?? "",
                    name: form["name"].flatMap(PersonName.parsing), nonce: authorize.nonce,
                    codeChallenge: authorize.codeChallenge, codeChallengeMethod: authorize.codeChallengeMethod))
                answer = [("code", code), ("scope", "email profile openid"), ("authuser", "0"), ("prompt", "consent")]
            } catch {
                return .html(AppleSignInPages.refusal(.init(error: "invalid_request", description: "\(error)"), provider: "Google"), status: 400)
            }
        }
        if let state = authorize.state { answer.insert(("state", state), at: 0) }
        return Self.redirect(authorize.redirectURI, with: answer)
    }

    private func googleToken(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = formFields(request) else { return Self.googleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
        do { return .json(try await services.google.token(form: form)) } catch {
            return .json(["error": .string(error.error), "error_description": error.errorDescription.map(JSONValue.string) ?? .null], status: 400)
        }
    }

    // MARK: - Google

    private func googleSignIn(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let body: GoogleSignInBody = decodeJSON(request) else { return Self.googleError("invalid_request", "malformed JSON body") }
        do {
            let response = try await services.google.signIn(GoogleSignInSheetRequest(
                clientID: body.clientId ?? "", email: body.email ?? "", name: body.name.flatMap(PersonName.parsing),
                nonce: body.nonce, cancel: body.cancel ?? false))
            return .json(["idToken": .string(response.idToken), "accessToken": .string(response.accessToken), "user": .string(response.userID),
                          "email": .string(response.email), "name": response.name?.formatted.map(JSONValue.string) ?? .null])
        } catch {
            return Self.googleError(error == .cancelled ? "canceled" : "invalid_request", error.description)
        }
    }

    private func discovery(_ request: EmulatorRequest) -> JSONObject {
        let base = "http://\(request.headers["host"] ?? "127.0.0.1")/appleid"
        return [
            "issuer": .string("https://appleid.apple.com"), "authorization_endpoint": .string(base + "/auth/authorize"),
            "token_endpoint": .string(base + "/auth/token"), "revocation_endpoint": .string(base + "/auth/revoke"),
            "jwks_uri": .string(base + "/auth/keys"), "id_token_signing_alg_values_supported": .array([.string("RS256")]),
            "subject_types_supported": .array([.string("pairwise")]), "token_endpoint_auth_methods_supported": .array([.string("client_secret_post")]),
        ]
    }

    private func decodeJSON<T: Decodable>(_ request: EmulatorRequest) -> T? {
        guard request.contentType == nil || request.contentType == "application/json",
              (try? StrictJSONParser.parse(request.body)) != nil
        else { return nil }
        return try? JSONDecoder().decode(T.self, from: Data(request.body))
    }

    private func formFields(_ request: EmulatorRequest) -> [String: String]? {
        guard request.contentType == "application/x-www-form-urlencoded" else { return nil }
        return FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
    }

    private static func name(of error: AppleIDError) -> String {
        switch error {
        case .canceled: "canceled"
        case .notHandled: "not_handled"
        case .failed: "failed"
        case .invalidResponse: "invalid_response"
        case .unknown: "unknown"
        case .invalidRequest: "invalid_request"
        }
    }

    static func appleError(_ error: String, _ description: String?, status: Int = 400) -> EmulatorResponse {
        var body: JSONObject = ["error": .string(error)]
        if let description { body["error_description"] = .string(description) }
        return .json(body, status: status)
    }

    static func googleError(_ error: String, _ description: String, status: Int = 400) -> EmulatorResponse {
        .json(["error": .string(error), "error_description": .string(description)], status: status)
    }
}

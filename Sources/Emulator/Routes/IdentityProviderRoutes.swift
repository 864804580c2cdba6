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

    func apple(_ request: EmulatorRequest, path: [String]) async -> EmulatorResponse {
        switch (request.method, path) {
        case ("GET", ["auth", "keys"]):
            return .json(await services.apple.jwks.json)
        case ("GET", [".well-known", "openid-configuration"]):
            return .json(discovery(request))
        case ("POST", ["auth", "authorize"]):
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
        case ("POST", ["auth", "token"]):
            guard let form = formFields(request) else { return Self.appleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
            do { return .json(try await services.apple.token(form: form)) } catch { return Self.appleError(error.error, error.errorDescription) }
        case ("POST", ["auth", "revoke"]):
            guard let form = formFields(request) else { return Self.appleError("invalid_request", "expected an application/x-www-form-urlencoded body") }
            do {
                try await services.apple.revoke(form: form)
                return EmulatorResponse(status: 200)
            } catch {
                return Self.appleError(error.error, error.errorDescription)
            }
        case ("GET", ["auth", "authorization"]):
            guard let client = request.query["client_id"] else { return Self.appleError("invalid_request", "client_id is required") }
            return .json(["firstAuthorization": .bool(await services.apple.isFirstAuthorization(appleID: request.query["apple_id"], clientID: client))])
        case ("GET", ["auth", "credential-state"]):
            guard let user = request.query["user"], let client = request.query["client_id"] else {
                return Self.appleError("invalid_request", "user and client_id are required")
            }
            return .json(["state": .string(await services.apple.credentialState(userID: user, clientID: client).rawValue)])
        case ("POST", ["settings", "revoke"]):
            guard let body: AppleSettingsRevokeBody = decodeJSON(request), let appleID = body.appleId, let client = body.clientId else {
                return Self.appleError("invalid_request", "appleId and clientId are required")
            }
            await services.apple.revokeAuthorization(appleID: appleID, clientID: client)
            return .json([:])
        default:
            return Self.appleError("invalid_request", "no such endpoint", status: 404)
        }
    }

    func google(_ request: EmulatorRequest, path: [String]) async -> EmulatorResponse {
        switch (request.method, path) {
        case ("GET", ["oauth2", "v3", "certs"]):
            return .json(await services.google.jwks.json)
        case ("POST", ["signin"]):
            guard let body: GoogleSignInBody = decodeJSON(request) else { return Self.googleError("invalid_request", "malformed JSON body") }
            do {
                let response = try await services.google.signIn(GoogleSignInSheetRequest(
                    clientID: body.clientId ?? "", email: body.email ?? "", name: body.name.flatMap(PersonName.parsing),
                    nonce: body.nonce, cancel: body.cancel ?? false))
                return .json(["idToken": .string(response.idToken), "accessToken": .string(response.accessToken), "user": .string(response.userID),
                              "email": .string(response.email), "name": response.name?.formatted.map(JSONValue.string) ?? .null])
            } catch let error as AuthError {
                return Self.googleError(error == .cancelled ? "canceled" : "invalid_request", error.description)
            } catch {
                return Self.googleError("server_error", "\(error)", status: 500)
            }
        default:
            return Self.googleError("not_found", "no such endpoint", status: 404)
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

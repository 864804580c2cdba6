import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// The simulated Google over HTTP, under `/google/`: certs, the account chooser as an API, and
/// the authorization code flow (web page, decision, token endpoint with PKCE).
struct GoogleRoutes {
    let google: SimulatedGoogle

    private struct SignInBody: Decodable {
        var clientId: String?
        var email: String?
        var name: String?
        var nonce: String?
        var cancel: Bool?
    }

    /// The simulated Google under `/google`.
    static let table = RouteTable<GoogleRoutes>(
        prefix: "/google",
        [
            ("GET", "/oauth2/v3/certs", "Google's JWKS", { routes, _ in .json(await routes.google.jwks.json) }),
            ("POST", "/signin", "the account chooser as an API (JSON)", { await $0.signIn($1.request) }),
            ("GET", "/o/oauth2/v2/auth", "the Google sign-in web page (authorization code flow, PKCE)", { $0.authorizePage($1.request) }),
            (
                "POST", "/o/oauth2/v2/auth/decision", "the web page's answer: a redirect with `code` and `state`, or `error=access_denied`",
                { await $0.authorizeDecision($1.request) }
            ),
            (
                "POST", "/token", "exchange a code (form: `code`, `client_id`, `redirect_uri`, `code_verifier`)",
                { await $0.token($1.request) }
            ),
        ])

    /// Answers a request under `/google`.
    /// - Parameters:
    ///   - request: The request.
    ///   - path: The path's segments under the prefix.
    /// - Returns: The response, in Google's error shape when refused.
    func handle(_ request: EmulatorRequest, path: ArraySlice<String>) async -> EmulatorResponse {
        do {
            return try await Self.table.respond(self, to: request, path: path) { status in
                status == 405
                    ? Self.error("method_not_allowed", "method not allowed", status: 405)
                    : Self.error("not_found", "no such endpoint", status: 404)
            }
        } catch {
            return Self.error("server_error", "\(error)", status: 500)
        }
    }

    private func signIn(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let body: SignInBody = request.providerJSON() else { return Self.error("invalid_request", "malformed JSON body") }
        do {
            let response = try await google.signIn(
                GoogleSignInSheetRequest(
                    clientID: body.clientId ?? "", email: body.email ?? "", name: body.name.flatMap(PersonName.parsing),
                    nonce: body.nonce, cancel: body.cancel ?? false))
            return .json([
                "idToken": .string(response.idToken), "accessToken": .string(response.accessToken), "user": .string(response.userID),
                "email": .string(response.email), "name": response.name?.formatted.map(JSONValue.string) ?? .null,
            ])
        } catch {
            return Self.error(error == .cancelled ? "canceled" : "invalid_request", error.description)
        }
    }

    private func authorizePage(_ request: EmulatorRequest) -> EmulatorResponse {
        do {
            let authorize = try ProviderAuthorizeRequest(request.query, host: request.headers["host"])
            return .html(GoogleSignInPages.chooser(authorize))
        } catch {
            return .html(ProviderPages.refusal(error, provider: "Google"), status: 400)
        }
    }

    private func authorizeDecision(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = request.formFields else { return Self.notAForm }
        let authorize: ProviderAuthorizeRequest
        do { authorize = try ProviderAuthorizeRequest(form, host: request.headers["host"]) } catch {
            return .html(ProviderPages.refusal(error, provider: "Google"), status: 400)
        }
        var answer: [(String, String)]
        if form["decision"] == "cancel" {
            answer = [("error", "access_denied")]
        } else {
            do {
                let code = try await google.authorize(
                    GoogleAuthorizationRequest(
                        clientID: authorize.clientID, redirectURI: authorize.redirectURI, email: form["email"] ?? "",
                        name: form["name"].flatMap(PersonName.parsing), nonce: authorize.nonce,
                        codeChallenge: authorize.codeChallenge, codeChallengeMethod: authorize.codeChallengeMethod))
                answer = [("code", code), ("scope", "email profile openid"), ("authuser", "0"), ("prompt", "consent")]
            } catch {
                let refusal = ProviderAuthorizeRequest.Refusal(error: "invalid_request", description: "\(error)")
                return .html(ProviderPages.refusal(refusal, provider: "Google"), status: 400)
            }
        }
        if let state = authorize.state { answer.insert(("state", state), at: 0) }
        return .redirect(authorize.redirectURI, with: answer)
    }

    private func token(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = request.formFields else { return Self.notAForm }
        do { return .json(try await google.token(form: form)) } catch {
            let description = error.errorDescription.map(JSONValue.string) ?? .null
            return .json(["error": .string(error.error), "error_description": description], status: 400)
        }
    }

    /// The answer to a form route given something else.
    static var notAForm: EmulatorResponse { error("invalid_request", "expected an application/x-www-form-urlencoded body") }

    /// Google's OAuth error answer: `error` and `error_description`.
    static func error(_ error: String, _ description: String, status: Int = 400) -> EmulatorResponse {
        .json(["error": .string(error), "error_description": .string(description)], status: status)
    }
}

import AuthDomain
import Foundation

/// The Supabase Auth calls of a browser sign-in (GoTrue `api/external.go`, `api/identity.go`,
/// `api/token.go`). An in-process engine has no browser-reachable pages, so its API keeps the
/// refusing defaults; the REST client serves them.
package protocol SupabaseWebSignInAPI: Sendable {
    /// `GET /authorize?provider=…&redirect_to=…&code_challenge=…&code_challenge_method=s256`.
    func authorizeURL(provider: String, redirectTo: String, codeChallenge: String) throws -> URL
    /// `GET /user/identities/authorize?…&skip_http_redirect=true` → `{url}`.
    func identitiesAuthorizeURL(bearer: String, provider: String, redirectTo: String, codeChallenge: String) async throws -> URL
    /// `POST /token?grant_type=pkce` with `auth_code` and `code_verifier`.
    func token(pkceAuthCode: String, codeVerifier: String) async throws -> SupabaseSessionPayload
}

extension SupabaseAuthAPI {
    /// Refuses: no browser can reach an in-process engine's pages.
    func webSignIn() throws(AuthError) -> any SupabaseWebSignInAPI {
        guard let web = self as? any SupabaseWebSignInAPI else { throw .providerUnavailable("browser") }
        return web
    }
}

extension SupabaseRESTClient: SupabaseWebSignInAPI {
    func authorizeURL(provider: String, redirectTo: String, codeChallenge: String) throws -> URL {
        try endpoint(
            "authorize",
            query: [
                ("provider", provider), ("redirect_to", redirectTo), ("code_challenge", codeChallenge), ("code_challenge_method", "s256"),
            ])
    }

    func identitiesAuthorizeURL(bearer: String, provider: String, redirectTo: String, codeChallenge: String) async throws -> URL {
        let url = try endpoint(
            "user/identities/authorize",
            query: [
                ("provider", provider), ("redirect_to", redirectTo), ("code_challenge", codeChallenge), ("code_challenge_method", "s256"),
                ("skip_http_redirect", "true"),
            ])
        struct Answer: Decodable { var url: String }
        let answer: Answer = try decode(try await send("GET", url: url, body: nil, bearer: bearer, idempotent: true))
        guard let authorization = URL(string: answer.url) else {
            throw AuthError.invalidInput("Supabase answered an authorization URL that is not a URL")
        }
        return authorization
    }

    func token(pkceAuthCode: String, codeVerifier: String) async throws -> SupabaseSessionPayload {
        try await call(
            "POST", "token", query: [("grant_type", "pkce")], body: ["auth_code": pkceAuthCode, "code_verifier": codeVerifier],
            idempotent: false)
    }
}

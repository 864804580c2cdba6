import AuthDomain
import Foundation

/// Browser sign-in on Supabase, as supabase-swift's `signInWithOAuth` does it: `/authorize`
/// with the PKCE challenge and `redirect_to`, then `grant_type=pkce` with the code GoTrue
/// appends to `redirect_to`. The strategy's `state` rides in `redirect_to`'s query, which GoTrue
/// keeps when it appends the code.
extension SupabaseAuthBackend: WebSignInBackend {
    public func startWebSignIn(_ request: WebSignInRequest) async throws(AuthError) -> WebSignInStart {
        let web = try api.webSignIn()
        guard var redirect = URLComponents(url: request.redirectURI, resolvingAgainstBaseURL: false) else {
            throw .invalidInput("\(request.redirectURI) is not a redirect URI")
        }
        redirect.queryItems = (redirect.queryItems ?? []) + [URLQueryItem(name: "state", value: request.state)]
        guard let redirectTo = redirect.url?.absoluteString else { throw .invalidInput("\(request.redirectURI) is not a redirect URI") }
        let provider = ProviderWireNames.supabase(request.provider)
        let url = try await call { () async throws -> URL in
            if let token = request.linkingAccessToken {
                return try await web.identitiesAuthorizeURL(
                    bearer: token.revealed, provider: provider, redirectTo: redirectTo, codeChallenge: request.codeChallenge)
            }
            return try web.authorizeURL(provider: provider, redirectTo: redirectTo, codeChallenge: request.codeChallenge)
        }
        return WebSignInStart(authorizationURL: url, expectedState: request.state, context: [:], request: request)
    }

    public func finishWebSignIn(callback: URL, start: WebSignInStart, codeVerifier: Secret) async throws(AuthError) -> BackendSignIn {
        let web = try api.webSignIn()
        guard let code = OAuthCallback(url: callback)["code"], !code.isEmpty else {
            throw .invalidCredential("the redirect carries no code")
        }
        let flow = SupabaseNewUserRule.Flow.pkce(provider: ProviderWireNames.supabase(start.request.provider))
        let signIn = try await call {
            SupabaseWireMapping.signIn(try await web.token(pkceAuthCode: code, codeVerifier: codeVerifier.revealed), flow: flow)
        }
        guard start.request.linkingAccessToken != nil else { return signIn }
        return BackendSignIn(session: signIn.session, user: signIn.user, isNewUser: false)
    }
}

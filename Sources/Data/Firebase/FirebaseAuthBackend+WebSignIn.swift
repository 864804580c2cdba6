import AuthDomain
import Foundation

/// Browser sign-in on Firebase, as `OAuthProvider`'s redirect flow does it: `createAuthUri`
/// with the provider and the redirect URI gives the provider's `authUri` and a `sessionId`;
/// the URL the provider sends the browser back to goes to `signInWithIdp` as `requestUri` with
/// that `sessionId` (and the user's `idToken` when linking). Firebase's own `state` is in the
/// `authUri`, and the redirect must bring it back. The `authUri` is the server's word, so it is
/// checked as every URL for a browser is (``BrowserURL``) before anything opens it.
extension FirebaseAuthBackend: WebSignInBackend {
    public func startWebSignIn(_ request: WebSignInRequest) async throws(AuthError) -> WebSignInStart {
        let answer = try await call {
            try await api.createAuthUri(
                FirebaseCreateAuthUriRequest(
                    providerId: ProviderWireNames.firebase(request.provider), continueUri: request.redirectURI.absoluteString))
        }
        guard let authUri = answer.authUri.flatMap(URL.init(string:)), let sessionId = answer.sessionId else {
            throw .backend(BackendError(code: "INVALID_RESPONSE", message: "createAuthUri answered without authUri or sessionId"))
        }
        // The server's answer goes to a browser: only an http(s) URL, re-serialised (BrowserURL).
        guard let checked = try? BrowserURL.checked(authUri) else {
            throw .backend(BackendError(code: "INVALID_RESPONSE", message: "createAuthUri answered an authUri that is not an http(s) URL"))
        }
        let state = OAuthCallback(url: checked)["state"] ?? request.state
        return WebSignInStart(authorizationURL: checked, expectedState: state, context: ["sessionId": sessionId], request: request)
    }

    public func finishWebSignIn(callback: URL, start: WebSignInStart, codeVerifier: Secret) async throws(AuthError) -> BackendSignIn {
        let linking = start.request.linkingAccessToken?.revealed
        return try await call {
            let response = try await api.signInWithIdp(
                FirebaseIdpRequest(
                    requestUri: callback.absoluteString, postBody: nil, returnSecureToken: true, returnIdpCredential: true,
                    idToken: linking, autoCreate: linking == nil ? true : nil, sessionId: start.context["sessionId"]))
            try FirebaseWireMapping.checkIdpRefusal(response, provider: start.request.provider)
            guard let localId = response.localId else {
                throw AuthError.backend(BackendError(code: "INVALID_RESPONSE", message: "signInWithIdp answered without localId"))
            }
            return try await signedIn(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                localId: localId, isNewUser: response.isNewUser ?? false)
        }
    }
}

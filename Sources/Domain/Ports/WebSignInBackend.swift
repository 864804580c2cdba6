import Foundation

/// The backend's half of a browser sign-in (the OAuth authorization-code flow with PKCE):
/// Supabase's `/authorize` and `grant_type=pkce`, Firebase's `createAuthUri` and
/// `signInWithIdp` with a `requestUri`.
public protocol WebSignInBackend: Sendable {
    /// Where to send the browser for a provider.
    /// - Parameter request: The provider, the redirect URI, the PKCE challenge and `state`.
    /// - Returns: The URL to open, and what the backend needs back at the end.
    /// - Throws: ``AuthError``.
    func startWebSignIn(_ request: WebSignInRequest) async throws(AuthError) -> WebSignInStart

    /// Signs in (or links) with the URL the browser came back to.
    /// - Parameters:
    ///   - callback: The redirect URL, with the answer in its query or fragment.
    ///   - start: What ``startWebSignIn(_:)`` returned.
    ///   - codeVerifier: The PKCE verifier whose challenge was sent.
    /// - Returns: The session, the user and whether the account is new.
    /// - Throws: ``AuthError``: `invalidCredential` for a refused code or verifier, backend errors.
    func finishWebSignIn(callback: URL, start: WebSignInStart, codeVerifier: Secret) async throws(AuthError) -> BackendSignIn
}

/// What a browser sign-in starts with.
public struct WebSignInRequest: Hashable, Sendable {
    /// The identity provider.
    public var provider: ProviderID
    /// Where the browser must come back to (a loopback URL, or an app's custom scheme).
    public var redirectURI: URL
    /// The PKCE S256 challenge of the verifier the strategy keeps.
    public var codeChallenge: String
    /// An unguessable value the strategy checks on return.
    public var state: String
    /// The signed-in user's access token, to link the identity instead of signing in.
    public var linkingAccessToken: Secret?

    /// Creates a request.
    /// - Parameters:
    ///   - provider: The identity provider.
    ///   - redirectURI: Where the browser comes back to.
    ///   - codeChallenge: The S256 challenge.
    ///   - state: The value checked on return.
    ///   - linkingAccessToken: The current access token when linking.
    public init(provider: ProviderID, redirectURI: URL, codeChallenge: String, state: String, linkingAccessToken: Secret?) {
        self.provider = provider
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.state = state
        self.linkingAccessToken = linkingAccessToken
    }
}

/// A started browser sign-in.
public struct WebSignInStart: Hashable, Sendable {
    /// The URL to open in the browser.
    public var authorizationURL: URL
    /// The `state` the redirect back must carry (the request's own, or the one the backend put
    /// in the authorization URL); the strategy refuses a redirect without it.
    public var expectedState: String
    /// Backend-specific values needed at the end (Firebase's `sessionId`).
    public var context: [String: String]
    /// The request it answers.
    public var request: WebSignInRequest

    /// Creates a start.
    /// - Parameters:
    ///   - authorizationURL: The URL to open.
    ///   - expectedState: The `state` the redirect back must carry.
    ///   - context: Values for the finish.
    ///   - request: The request.
    public init(authorizationURL: URL, expectedState: String, context: [String: String], request: WebSignInRequest) {
        self.authorizationURL = authorizationURL
        self.expectedState = expectedState
        self.context = context
        self.request = request
    }
}

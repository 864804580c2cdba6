import AuthDomain
import AuthJWT
import Foundation
import Logging

/// Sign in with Apple or Google through a browser: the OAuth 2.0 authorization-code flow with
/// PKCE (RFC 7636), as supabase-swift's `signInWithOAuth` and Firebase's `OAuthProvider` do it.
/// For the web, Android (Sign in with Apple has no native SDK there), desktops and the CLI.
///
/// Each attempt makes a CSPRNG PKCE verifier (kept as a ``Secret``, never logged) and a `state`;
/// the backend builds the authorization URL; the ``WebAuthenticationSession`` shows it and
/// returns the redirect; the strategy checks the `state` (and maps the provider's cancel,
/// Apple's `user_cancelled_authorize` or OAuth's `access_denied`, to ``AuthError/cancelled``);
/// the backend exchanges the code. The result is the same ``AuthenticationResult`` as the native
/// path: Apple's name on a first authorization (its `user` field, or what the backend stored
/// from it) goes to the profile cache and the backend profile.
///
/// ```swift
/// let apple = WebRedirectAuthStrategy(provider: .apple, session: LoopbackRedirectListener { openBrowser($0) },
///                                     backend: backend, random: .live, profileCache: cache, logger: logger)
/// await coordinator.register(apple)
/// ```
public struct WebRedirectAuthStrategy: SocialAuthStrategyProviding {
    /// The provider signed in with.
    public let provider: ProviderID
    private let session: any WebAuthenticationSession
    private let backend: any AuthBackend & WebSignInBackend
    private let random: RandomByteSource
    private let profile: FirstSignInProfile

    /// Creates the strategy.
    /// - Parameters:
    ///   - provider: `.apple` or `.google` (any provider the backend can redirect to).
    ///   - session: Shows the authorization URL and returns the redirect.
    ///   - backend: The backend that starts and finishes the flow.
    ///   - random: The CSPRNG for the verifier and the state.
    ///   - profileCache: Keeps the first-sign-in name and email.
    ///   - logger: Progress (never a secret).
    public init(
        provider: ProviderID, session: any WebAuthenticationSession, backend: any AuthBackend & WebSignInBackend,
        random: RandomByteSource, profileCache: any ProfileCache, logger: Logger
    ) {
        self.provider = provider
        self.session = session
        self.backend = backend
        self.random = random
        self.profile = FirstSignInProfile(backend: backend, profileCache: profileCache, logger: logger)
    }

    /// Signs in through the browser.
    /// - Parameter credential: `.social(provider)`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``: `cancelled`, `invalidCredential` (a redirect for another sign-in),
    ///   the backend's errors.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        guard credential == .social(provider) else {
            throw .invalidInput("\(provider) in the browser cannot handle \(credential.provider)")
        }
        return .authenticated(try await run(linking: nil))
    }

    /// Links the provider to the signed-in account through the browser.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user.
    /// - Throws: ``AuthError``.
    public func link(toAccountWith accessToken: Secret) async throws(AuthError) -> AuthenticationResult {
        try await run(linking: accessToken)
    }

    /// The browser asks the user, so signing in again proves they are there.
    public var canReauthenticate: Bool { true }

    private func run(linking accessToken: Secret?) async throws(AuthError) -> AuthenticationResult {
        let attempt = try await session.begin()
        let pkce = PKCE.make(source: random)
        let request = WebSignInRequest(
            provider: provider, redirectURI: attempt.redirectURI, codeChallenge: pkce.challenge,
            state: Base64URL.encode(random.bytes(24)), linkingAccessToken: accessToken)
        let start = try await backend.startWebSignIn(request)
        let redirect = try await attempt.complete(opening: start.authorizationURL, expectedState: start.expectedState)
        let callback = OAuthCallback(url: redirect)
        try callback.check(expectedState: start.expectedState)
        let response = try await backend.finishWebSignIn(callback: redirect, start: start, codeVerifier: pkce.verifier)
        let given = AppleUserField(callback["user"])
        let name = given?.name ?? (response.isNewUser ? response.user.displayName.flatMap(PersonName.parsing) : nil)
        let user = try await profile.capture(name: name, email: given?.email, for: response)
        return AuthenticationResult(
            user: user, credential: AuthCredential(provider: provider, authorizationCode: callback["code"].map { Secret($0) }),
            session: response.session, isNewUser: response.isNewUser,
            providerProfile: ProviderProfile(name: name, email: given?.email ?? (response.isNewUser ? response.user.email : nil)))
    }
}

/// The `user` field Apple adds to its `form_post` answer on a first authorization:
/// `{"name":{"firstName":"…","lastName":"…"},"email":"…"}`.
struct AppleUserField {
    let name: PersonName?
    let email: String?

    /// Reads the field; `nil` when absent or not that JSON.
    init?(_ text: String?) {
        guard let text, let object = try? StrictJSONParser.parseObject(Array(text.utf8)) else { return nil }
        let name = object["name"]?.objectValue
        let person = PersonName(givenName: name?["firstName"]?.stringValue, familyName: name?["lastName"]?.stringValue)
        self.name = person.formatted == nil ? nil : person
        self.email = object["email"]?.stringValue
    }
}

import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The simulated providers' OAuth front doors as a relying party (GoTrue, Firebase) reaches
/// them in a browser sign-in: where to send the browser, and how to turn the code that comes
/// back into who signed in: an ID token (Apple's `/auth/token` with a `client_secret`, Google's
/// token endpoint), or, for an OAuth provider without ID tokens, its userinfo answer. Each
/// provider is one ``Door``.
package struct ProviderWebFlow: Sendable {
    /// Why a code could not be exchanged.
    package struct ExchangeFailure: Error, Sendable {
        /// The provider's OAuth error (`invalid_grant`, …).
        package let error: String
        /// Its description.
        package let description: String
    }

    /// What the provider's token endpoint answered: who signed in, and the tokens GoTrue passes on.
    package struct Exchanged: Sendable {
        /// Who signed in, as the provider says it.
        package var answer: Answer
        /// The `access_token` and `refresh_token`, when there is an access token.
        package var tokens: ProviderTokens?

        /// Creates an answer.
        /// - Parameters:
        ///   - answer: Who signed in.
        ///   - tokens: The provider's tokens.
        package init(answer: Answer, tokens: ProviderTokens?) {
            self.answer = answer
            self.tokens = tokens
        }
    }

    /// Who signed in, as a provider's code exchange says it.
    package enum Answer: Sendable {
        /// An OpenID Connect `id_token`, which the relying party verifies against the provider's
        /// keys (Apple, Google).
        case idToken(String)
        /// The provider's userinfo answer, fetched with the access token the code was exchanged
        /// for: an OAuth provider without ID tokens (as GoTrue's `provider/github.go` reads `/user`).
        case userInfo(ProviderUserInfo)
    }

    /// One provider's OAuth front door: where its sign-in page is, and how its code is exchanged.
    package struct Door: Sendable {
        /// The sign-in page's URL for the emulator at a base, a client id, a redirect URI, the
        /// relying party's state and extra scopes; `nil` when there is none.
        package typealias Page =
            @Sendable (
                _ base: String, _ clientID: String, _ redirectURI: String, _ state: String,
                _ scopes: String?
            ) -> URL?
        /// Code, client id, redirect URI → the provider's answer.
        package typealias Exchange =
            @Sendable (_ code: String, _ clientID: String, _ redirectURI: String)
            async throws(ExchangeFailure) -> Exchanged

        /// The sign-in page's URL.
        package let authorizationURL: Page
        /// Whether its answer is an ID token the relying party verifies with the provider's keys
        /// (so a relying party without them cannot use the door); `false` for a userinfo answer.
        package let answersWithIDToken: Bool
        /// The code exchange.
        package let exchange: Exchange

        /// Creates a door.
        /// - Parameters:
        ///   - answersWithIDToken: Whether its answer is an ID token (else a userinfo answer).
        ///   - authorizationURL: The sign-in page's URL.
        ///   - exchange: The code exchange.
        package init(
            answersWithIDToken: Bool, authorizationURL: @escaping Page, exchange: @escaping Exchange
        ) {
            self.answersWithIDToken = answersWithIDToken
            self.authorizationURL = authorizationURL
            self.exchange = exchange
        }
    }

    private let doors: [ProviderID: Door]
    let revokeAppleToken: AppleRevocation

    /// Creates the flow.
    /// - Parameters:
    ///   - revokeApple: Revokes an Apple token or code, as the relying party's server does.
    ///   - doors: Each provider's front door.
    package init(revokeApple: @escaping AppleRevocation = Self.noAppleRevocation, doors: [ProviderID: Door]) {
        self.revokeAppleToken = revokeApple
        self.doors = doors
    }

    /// The flow of simulated services: the team's developer key signs Apple's `client_secret`.
    /// - Parameters:
    ///   - apple: The simulated Apple ID.
    ///   - google: The simulated Google.
    ///   - keys: The keys (team id, developer key).
    ///   - clock: The time (the secret's `iat`).
    /// - Returns: The flow.
    package static func simulated(apple: SimulatedAppleID, google: SimulatedGoogle, keys: SimulationKeys, clock: AuthClock)
        -> ProviderWebFlow
    {
        let appleDoor = Door(
            answersWithIDToken: true,
            authorizationURL: { base, clientID, redirectURI, state, scopes in
                page(
                    base + "/appleid/auth/authorize",
                    [
                        ("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
                        ("scope", scopes ?? "name email"), ("response_mode", "form_post"), ("state", state),
                    ])
            }
        ) { code, clientID, redirectURI throws(ExchangeFailure) in
            let secret = try appleClientSecret(keys: keys, clientID: clientID, clock: clock)
            let answer: JSONObject
            do throws(OAuthProviderError) {
                answer = try await apple.token(form: [
                    "grant_type": "authorization_code", "code": code, "client_id": clientID, "client_secret": secret,
                    "redirect_uri": redirectURI,
                ])
            } catch {
                throw ExchangeFailure(error)
            }
            return try idTokenAnswer(answer)
        }
        let googleDoor = Door(
            answersWithIDToken: true,
            authorizationURL: { base, clientID, redirectURI, state, scopes in
                page(
                    base + "/google/o/oauth2/v2/auth",
                    [
                        ("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
                        ("scope", scopes ?? "openid email profile"), ("state", state), ("access_type", "offline"),
                    ])
            }
        ) { code, clientID, redirectURI throws(ExchangeFailure) in
            let answer: JSONObject
            do throws(OAuthProviderError) {
                answer = try await google.token(form: [
                    "grant_type": "authorization_code", "code": code, "client_id": clientID, "redirect_uri": redirectURI,
                ])
            } catch {
                throw ExchangeFailure(error)
            }
            return try idTokenAnswer(answer)
        }
        return ProviderWebFlow(
            revokeApple: simulatedAppleRevocation(apple: apple, keys: keys, clock: clock),
            doors: [
                .apple: appleDoor, .google: googleDoor,
            ])
    }

    /// A provider's sign-in page: its URL with the request's fields as the query.
    private static func page(_ url: String, _ fields: [(String, String)]) -> URL? {
        URL(string: url + "?" + FormEncoding.encode(fields))
    }

    /// An OpenID Connect token endpoint's answer: its `id_token`, and the tokens GoTrue passes on.
    private static func idTokenAnswer(_ answer: JSONObject) throws(ExchangeFailure) -> Exchanged {
        guard let idToken = answer["id_token"]?.stringValue else {
            throw ExchangeFailure(error: "invalid_response", description: "the token response has no id_token")
        }
        let tokens = answer["access_token"]?.stringValue.map {
            ProviderTokens(accessToken: $0, refreshToken: answer["refresh_token"]?.stringValue)
        }
        return Exchanged(answer: .idToken(idToken), tokens: tokens)
    }

    /// Whether a relying party can sign in with the provider here: it has a front door, and the
    /// relying party can verify the door's answer (an ID token needs the provider's keys).
    /// - Parameters:
    ///   - provider: The provider.
    ///   - verifiesIDTokens: Whether the relying party has a verifier for the provider's ID tokens.
    /// - Returns: `true` when the provider's browser sign-in can run.
    package func serves(_ provider: ProviderID, verifiesIDTokens: Bool) -> Bool {
        guard let door = doors[provider] else { return false }
        return verifiesIDTokens || !door.answersWithIDToken
    }

    /// The URL of the provider's sign-in page, on the emulator at `base`.
    /// - Parameters:
    ///   - provider: Apple or Google.
    ///   - base: The emulator's origin (`http://host:port`).
    ///   - clientID: The relying party's client id at the provider.
    ///   - redirectURI: Where the provider sends the answer.
    ///   - state: The relying party's state.
    ///   - scopes: Extra scopes (GoTrue's `scopes`).
    /// - Returns: The URL, or `nil` for a provider without a page.
    package func authorizationURL(
        provider: ProviderID, base: String, clientID: String, redirectURI: String, state: String, scopes: String? = nil
    ) -> URL? {
        doors[provider]?.authorizationURL(base, clientID, redirectURI, state, scopes)
    }

    /// Exchanges a code for who signed in (an ID token or a userinfo answer) and the provider's
    /// tokens, as the relying party's server does.
    /// - Parameters:
    ///   - provider: The provider.
    ///   - code: The authorization code.
    ///   - clientID: The relying party's client id.
    ///   - redirectURI: The redirect URI the code was issued for.
    /// - Returns: The token endpoint's answer.
    /// - Throws: ``ExchangeFailure`` with the provider's error.
    package func exchange(provider: ProviderID, code: String, clientID: String, redirectURI: String) async throws(ExchangeFailure)
        -> Exchanged
    {
        guard let door = doors[provider] else {
            throw ExchangeFailure(error: "unsupported_provider", description: "\(provider) has no web sign-in here")
        }
        return try await door.exchange(code, clientID, redirectURI)
    }
}

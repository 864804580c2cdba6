import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The simulated providers' OAuth front doors as a relying party (GoTrue, Firebase) reaches
/// them in a browser sign-in: where to send the browser, and how to turn the code that comes
/// back into an ID token (Apple's `/auth/token` with a `client_secret`, Google's token endpoint).
package struct ProviderWebFlow: Sendable {
    /// Why a code could not be exchanged.
    package struct ExchangeFailure: Error, Sendable {
        /// The provider's OAuth error (`invalid_grant`, …).
        package let error: String
        /// Its description.
        package let description: String
    }

    /// What the provider's token endpoint answered: the ID token, and the tokens GoTrue passes on.
    package struct Exchanged: Sendable {
        /// The `id_token`.
        package var idToken: String
        /// The `access_token` and `refresh_token`, when there is an access token.
        package var tokens: ProviderTokens?
    }

    private let exchangeCode: @Sendable (ProviderID, String, String, String) async throws(ExchangeFailure) -> Exchanged
    let revokeAppleToken: AppleRevocation

    /// Creates the flow.
    /// - Parameters:
    ///   - revokeApple: Revokes an Apple token or code, as the relying party's server does.
    ///   - exchangeCode: Provider, code, client id, redirect URI → the token endpoint's answer.
    package init(
        revokeApple: @escaping AppleRevocation = Self.noAppleRevocation,
        exchangeCode: @escaping @Sendable (ProviderID, String, String, String) async throws(ExchangeFailure) -> Exchanged
    ) {
        self.revokeAppleToken = revokeApple
        self.exchangeCode = exchangeCode
    }

    /// The flow of simulated services: the team's developer key signs Apple's `client_secret`.
    /// - Parameters:
    ///   - apple: The simulated Apple ID.
    ///   - google: The simulated Google.
    ///   - keys: The keys (team id, developer key).
    ///   - clock: The time (the secret's `iat`).
    /// - Returns: The flow.
    package static func simulated(apple: SimulatedAppleID, google: SimulatedGoogle, keys: SimulationKeys, clock: AuthClock) -> ProviderWebFlow {
        ProviderWebFlow(revokeApple: simulatedAppleRevocation(apple: apple, keys: keys, clock: clock)) {
            provider, code, clientID, redirectURI throws(ExchangeFailure) in
            let answer: JSONObject
            switch provider {
            case .apple:
                let secret = try appleClientSecret(keys: keys, clientID: clientID, clock: clock)
                do throws(OAuthProviderError) {
                    answer = try await apple.token(form: [
                        "grant_type": "authorization_code", "code": code, "client_id": clientID, "client_secret": secret, "redirect_uri": redirectURI,
                    ])
                } catch {
                    throw ExchangeFailure(error)
                }
            case .google:
                do throws(OAuthProviderError) {
                    answer = try await google.token(form: [
                        "grant_type": "authorization_code", "code": code, "client_id": clientID, "redirect_uri": redirectURI,
                    ])
                } catch {
                    throw ExchangeFailure(error)
                }
            default:
                throw ExchangeFailure(error: "unsupported_provider", description: "\(provider) has no web sign-in here")
            }
            guard let idToken = answer["id_token"]?.stringValue else {
                throw ExchangeFailure(error: "invalid_response", description: "the token response has no id_token")
            }
            let tokens = answer["access_token"]?.stringValue.map { ProviderTokens(accessToken: $0, refreshToken: answer["refresh_token"]?.stringValue) }
            return Exchanged(idToken: idToken, tokens: tokens)
        }
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
        var fields: [(String, String)]
        let path: String
        switch provider {
        case .apple:
            path = "/appleid/auth/authorize"
            fields = [("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
                      ("scope", scopes ?? "name email"), ("response_mode", "form_post"), ("state", state)]
        case .google:
            path = "/google/o/oauth2/v2/auth"
            fields = [("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
                      ("scope", scopes ?? "openid email profile"), ("state", state), ("access_type", "offline")]
        default:
            return nil
        }
        return URL(string: base + path + "?" + FormEncoding.encode(fields))
    }

    /// Exchanges a code for the ID token and the provider's tokens, as the relying party's server does.
    /// - Parameters:
    ///   - provider: Apple or Google.
    ///   - code: The authorization code.
    ///   - clientID: The relying party's client id.
    ///   - redirectURI: The redirect URI the code was issued for.
    /// - Returns: The token endpoint's answer.
    /// - Throws: ``ExchangeFailure`` with the provider's error.
    package func exchange(provider: ProviderID, code: String, clientID: String, redirectURI: String) async throws(ExchangeFailure) -> Exchanged {
        try await exchangeCode(provider, code, clientID, redirectURI)
    }
}

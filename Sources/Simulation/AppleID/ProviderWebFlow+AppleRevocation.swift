import AuthAppleServer
import AuthData
import AuthJWT
import Foundation

/// Revoking Sign in with Apple tokens as a relying party's server does (Apple's
/// `POST /auth/token`, then `POST /auth/revoke`), for Identity Toolkit's v2
/// `accounts:revokeToken`.
extension ProviderWebFlow {
    /// What the token to revoke is (Identity Toolkit v2 `TokenType`).
    package enum AppleTokenKind: Sendable, Equatable {
        /// `CODE` (3): an authorization code, exchanged first for the refresh token to revoke.
        case authorizationCode
        /// `REFRESH_TOKEN` (1).
        case refreshToken
        /// `ACCESS_TOKEN` (2).
        case accessToken
    }

    /// Token or code, its kind, and the app's client id.
    package typealias AppleRevocation = @Sendable (String, AppleTokenKind, String) async throws(ExchangeFailure) -> Void

    /// A flow with no Apple to revoke at.
    package static let noAppleRevocation: AppleRevocation = { _, _, _ throws(ExchangeFailure) in
        throw ExchangeFailure(error: "unsupported_provider", description: "no Apple token endpoint is reachable")
    }

    /// Revokes an Apple token: a code is exchanged under each of the app's client ids until one
    /// takes it (a code is bound to the client it was issued to), then its refresh token is
    /// revoked; a refresh or access token is revoked under every client id (Apple answers 200 for
    /// a token it does not know, so trying the others costs nothing).
    /// - Parameters:
    ///   - token: The code or token.
    ///   - kind: What it is.
    ///   - clientIDs: The app's Apple client ids (bundle id, Services ID), in a stable order.
    /// - Throws: ``ExchangeFailure`` with Apple's error (`invalid_grant` for a used or expired code).
    package func revokeApple(token: String, kind: AppleTokenKind, clientIDs: [String]) async throws(ExchangeFailure) {
        var failure = ExchangeFailure(error: "invalid_client", description: "no Apple client id is configured")
        for clientID in clientIDs {
            do {
                try await revokeAppleToken(token, kind, clientID)
                if kind == .authorizationCode { return }
            } catch {
                failure = error
            }
        }
        if kind == .authorizationCode || clientIDs.isEmpty { throw failure }
    }

    /// The simulated Apple's revocation, with the team's developer key signing the `client_secret`.
    static func simulatedAppleRevocation(apple: SimulatedAppleID, keys: SimulationKeys, clock: AuthClock) -> AppleRevocation {
        { token, kind, clientID throws(ExchangeFailure) in
            let secret = try appleClientSecret(keys: keys, clientID: clientID, clock: clock)
            var revoked = token
            if kind == .authorizationCode {
                let form = ["grant_type": "authorization_code", "code": token, "client_id": clientID, "client_secret": secret]
                let answer: JSONObject
                do throws(OAuthProviderError) { answer = try await apple.token(form: form) } catch { throw ExchangeFailure(error) }
                guard let refreshToken = answer["refresh_token"]?.stringValue else {
                    throw ExchangeFailure(error: "invalid_response", description: "the token response has no refresh_token")
                }
                revoked = refreshToken
            }
            let hint = kind == .accessToken ? "access_token" : "refresh_token"
            do throws(OAuthProviderError) {
                try await apple.revoke(form: ["client_id": clientID, "client_secret": secret, "token": revoked, "token_type_hint": hint])
            } catch {
                throw ExchangeFailure(error)
            }
        }
    }

    /// A fresh `client_secret` for Apple's token endpoints, signed with the team's developer key.
    static func appleClientSecret(keys: SimulationKeys, clientID: String, clock: AuthClock) throws(ExchangeFailure) -> String {
        do {
            let secret = AppleClientSecret(
                teamID: keys.teamID, keyID: keys.developerKeyID, clientID: clientID, privateKey: try keys.developerKey())
            return try secret.make(now: clock.now())
        } catch {
            throw ExchangeFailure(error: "server_error", description: "could not sign the client_secret")
        }
    }
}

extension ProviderWebFlow.ExchangeFailure {
    /// The provider's refusal as an exchange failure.
    init(_ error: OAuthProviderError) {
        self.init(error: error.error, description: error.errorDescription ?? error.error)
    }
}

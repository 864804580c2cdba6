import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// Revokes Sign in with Apple tokens through Apple's REST API: `POST /auth/token` exchanges the
/// authorization code for a refresh token, `POST /auth/revoke` revokes it; both form-encoded
/// with a fresh ``AppleClientSecret``. Pointed at `https://appleid.apple.com` in production, at
/// the emulator's `/appleid` in tests and the CLI.
public struct AppleRESTTokenRevoker: AppleTokenRevoking {
    private let secret: AppleClientSecret
    private let baseURL: URL
    private let transport: HTTPTransport
    private let clock: AuthClock

    /// Creates a revoker.
    /// - Parameters:
    ///   - secret: Team, key and client id.
    ///   - baseURL: Apple's base (`https://appleid.apple.com`).
    ///   - transport: The HTTP transport.
    ///   - clock: Time, for the secret's `iat`.
    public init(secret: AppleClientSecret, baseURL: URL, transport: HTTPTransport, clock: AuthClock) {
        self.secret = secret
        self.baseURL = baseURL
        self.transport = transport
        self.clock = clock
    }

    /// Exchanges the code and revokes the resulting refresh token.
    /// - Parameter authorizationCode: A fresh authorization code.
    /// - Throws: ``AuthError``.
    public func revokeTokens(authorizationCode: Secret) async throws(AuthError) {
        let clientSecret: String
        do { clientSecret = try secret.make(now: clock.now()) } catch { throw .authorizationFailed("could not sign the client_secret") }
        let tokens = try await post(
            "auth/token",
            [
                ("client_id", secret.clientID), ("client_secret", clientSecret), ("code", authorizationCode.revealed),
                ("grant_type", "authorization_code"),
            ])
        guard let refreshToken = (try? StrictJSONParser.parseObject(Array(tokens.body)))?["refresh_token"]?.stringValue else {
            throw .authorizationFailed("Apple's token response has no refresh_token")
        }
        _ = try await post(
            "auth/revoke",
            [
                ("client_id", secret.clientID), ("client_secret", clientSecret), ("token", refreshToken),
                ("token_type_hint", "refresh_token"),
            ])
    }

    private func post(_ path: String, _ fields: [(String, String)]) async throws(AuthError) -> HTTPResponseData {
        let request = HTTPRequestData(
            method: "POST", url: baseURL.appendingPathComponent(path),
            headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode(fields).utf8), isIdempotent: false)
        let response = try await transport.exchange(request)
        guard response.status == 200 else {
            let object = (try? StrictJSONParser.parseObject(Array(response.body))) ?? [:]
            let error = object["error"]?.stringValue ?? "HTTP \(response.status)"
            if response.status >= 500 { throw .network("Apple answered \(response.status)") }
            throw .authorizationFailed(
                "Apple refused the revocation: \(error)" + (object["error_description"]?.stringValue.map { " (\($0))" } ?? ""))
        }
        return response
    }
}

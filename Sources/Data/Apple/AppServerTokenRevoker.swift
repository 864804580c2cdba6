import AuthDomain
import AuthJWT
import Foundation

/// The app's side of Sign in with Apple token revocation: it sends the authorization code to the
/// app's own server (an ``AppleRevocationRequest``, `POST` to `endpoint`), which holds the team's
/// key and calls Apple (the `AuthAppleServer` library's `AppleRESTTokenRevoker`). An app never
/// holds that key, so it never calls Apple's `/auth/revoke` itself.
///
/// The server answers 2xx when the tokens are revoked. A 4xx is a refusal (its JSON `error`, if
/// any, is quoted, capped); a 5xx or no answer is a network failure, which the account deletion
/// flow treats as retryable.
public struct AppServerTokenRevoker: AppleTokenRevoking {
    private let endpoint: URL
    private let transport: HTTPTransport
    private let authorization: @Sendable () async -> Secret?

    /// Creates the revoker.
    /// - Parameters:
    ///   - endpoint: The app server's revocation URL (https in production).
    ///   - transport: The HTTP transport.
    ///   - authorization: The bearer token the app's server knows the user by (typically the
    ///     session's access token), sent as `Authorization: Bearer`; `nil`: none.
    public init(endpoint: URL, transport: HTTPTransport, authorization: @escaping @Sendable () async -> Secret? = { nil }) {
        self.endpoint = endpoint
        self.transport = transport
        self.authorization = authorization
    }

    /// Sends the code to the app's server.
    /// - Parameter authorizationCode: A fresh authorization code.
    /// - Throws: ``AuthError``: `authorizationFailed` when the server refuses, `network` when it
    ///   fails or cannot be reached.
    public func revokeTokens(authorizationCode: Secret) async throws(AuthError) {
        var headers = [HTTPHeader("Content-Type", "application/json")]
        if let token = await authorization() { headers.append(HTTPHeader("Authorization", "Bearer \(token.revealed)")) }
        let request = HTTPRequestData(
            method: "POST", url: endpoint, headers: headers,
            body: AppleRevocationRequest(authorizationCode: authorizationCode).body, isIdempotent: false)
        let response = try await transport.exchange(request)
        switch response.status {
        case 200..<300:
            return
        case 500...:
            throw .network("the app's server answered \(response.status) to the Apple token revocation")
        default:
            let error = (try? StrictJSONParser.parseObject(Array(response.body.prefix(AppleRevocationRequest.maximumBodyBytes))))?["error"]?
                .stringValue
            throw .authorizationFailed(
                "the app's server refused the Apple token revocation: "
                    + (error.map { String($0.prefix(200)) } ?? "HTTP \(response.status)"))
        }
    }
}

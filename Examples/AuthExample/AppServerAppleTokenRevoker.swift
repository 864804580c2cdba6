import AuthData
import AuthDomain
import Foundation

/// Revokes Sign in with Apple tokens through the app's own server, which holds the team key
/// (Apple TN3194: `/auth/token` then `/auth/revoke`, both with a `client_secret` signed by that
/// key, which never ships in an app). The server receives the fresh authorization code only.
struct AppServerAppleTokenRevoker: AppleTokenRevoking {
    let endpoint: URL
    let transport: HTTPTransport

    func revokeTokens(authorizationCode: Secret) async throws(AuthError) {
        let body: Data
        do {
            body = try JSONEncoder().encode(["authorization_code": authorizationCode.revealed])
        } catch {
            throw .invalidInput("the authorization code could not be encoded")
        }
        let request = HTTPRequestData(
            method: "POST", url: endpoint, headers: [HTTPHeader("Content-Type", "application/json")], body: body,
            isIdempotent: false)
        let response: HTTPResponseData
        do {
            response = try await transport.send(request)
        } catch {
            throw .network("the app server could not be reached")
        }
        guard (200..<300).contains(response.status) else {
            throw .authorizationFailed("the app server refused to revoke the Apple tokens (HTTP \(response.status))")
        }
    }
}

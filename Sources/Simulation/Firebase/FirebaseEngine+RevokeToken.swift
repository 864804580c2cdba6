import AuthData
import AuthJWT
import Foundation

/// Identity Toolkit v2 `accounts:revokeToken`: what iOS `Auth.revokeToken(withAuthorizationCode:)`
/// calls before deleting a Sign in with Apple user (firebase-ios-sdk
/// `FirebaseAuth/Sources/Swift/Backend/RPC/RevokeTokenRequest.swift`; Google's reference,
/// cloud.google.com/identity-platform/docs/reference/rest/v2/accounts/revokeToken). Google's
/// emulator does not serve it.
extension FirebaseEngine {
    /// The longest token or code taken (Apple's are well under 1 KiB).
    static let revokedTokenLimit = 4096

    /// Revokes the user's Apple tokens at Apple: a code is exchanged for a refresh token, which is
    /// revoked, so Apple ends the app's authorization (the next sheet is a first sign-in again).
    /// - Parameter body: `idToken`, `providerId` (`apple.com`), `tokenType` (`CODE` or `3` from
    ///   the iOS SDK; `REFRESH_TOKEN` (1) and `ACCESS_TOKEN` (2) too) and `token`.
    /// - Returns: `{}`.
    /// - Throws: The ID-token refusals (`MISSING_ID_TOKEN`, `INVALID_ID_TOKEN`, `USER_DISABLED`…),
    ///   `INVALID_PROVIDER_ID`, `INVALID_ARGUMENT` for a missing token or unknown `tokenType`,
    ///   `INVALID_IDP_RESPONSE` with Apple's error (a spent or expired code), 501 when no Apple is
    ///   reachable.
    package func revokeToken(_ body: JSONObject) async throws(FirebaseFailure) -> JSONObject {
        _ = try await authenticate(body["idToken"]?.stringValue)
        guard body["providerId"]?.stringValue == "apple.com" else {
            throw .code("INVALID_PROVIDER_ID", "Only apple.com tokens can be revoked.")
        }
        let kind = try Self.tokenKind(body["tokenType"])
        guard let token = body["token"]?.stringValue, !token.isEmpty, token.utf8.count <= Self.revokedTokenLimit else {
            throw .code("INVALID_ARGUMENT", "token is required (at most \(Self.revokedTokenLimit) bytes).")
        }
        guard let webFlow else { throw .notImplemented("No Apple token endpoint is reachable from this emulator.") }
        let clientIDs = (configuration.clientIDs[.apple] ?? []).sorted()
        do throws(ProviderWebFlow.ExchangeFailure) {
            try await webFlow.revokeApple(token: token, kind: kind, clientIDs: clientIDs)
        } catch {
            throw .idpResponse("Apple refused the token: \(error.error) (\(error.description))")
        }
        return [:]
    }

    /// `tokenType` by name or number (proto3 JSON takes either; the iOS SDK sends `"3"`).
    private static func tokenKind(_ value: JSONValue?) throws(FirebaseFailure) -> ProviderWebFlow.AppleTokenKind {
        let text = value?.stringValue ?? value?.intValue.map { String($0) }
        switch text {
        case "CODE", "3": return .authorizationCode
        case "REFRESH_TOKEN", "1": return .refreshToken
        case "ACCESS_TOKEN", "2": return .accessToken
        default: throw .code("INVALID_ARGUMENT", "tokenType must be CODE, REFRESH_TOKEN or ACCESS_TOKEN.")
        }
    }
}

import AuthData
import AuthJWT
import Foundation

extension SimulatedAppleID {
    /// `POST /auth/token`: exchanges an authorization code (or a refresh token) for tokens.
    /// - Parameter form: The form fields: `client_id`, `client_secret`, `grant_type`, `code` (and
    ///   `redirect_uri`, which must be the authorization's own when the code came from Apple's web
    ///   page, as RFC 6749 §4.1.3 asks) or `refresh_token`.
    /// - Returns: The `TokenResponse` JSON.
    /// - Throws: ``OAuthProviderError`` exactly as Apple answers.
    public func token(form: [String: String]) async throws(OAuthProviderError) -> JSONObject {
        let now = clock.now()
        guard let grantType = form["grant_type"], !grantType.isEmpty else { throw .invalidRequest("grant_type is required") }
        guard grantType == "authorization_code" || grantType == "refresh_token" else {
            throw OAuthProviderError(error: "unsupported_grant_type", errorDescription: nil)
        }
        let clientID = try await authenticateClient(form, now: now)
        if grantType == "authorization_code" {
            return try exchangeCode(form["code"], clientID: clientID, redirectURI: form["redirect_uri"], now: now)
        }
        return try refresh(form["refresh_token"], clientID: clientID, now: now)
    }

    /// `POST /auth/revoke`: revokes a refresh or access token. Unknown and already invalid
    /// tokens also get a 200, as at Apple.
    /// - Parameter form: `client_id`, `client_secret`, `token`, `token_type_hint`.
    /// - Throws: ``OAuthProviderError`` (`invalid_client`, `invalid_request`).
    public func revoke(form: [String: String]) async throws(OAuthProviderError) {
        let now = clock.now()
        let clientID = try await authenticateClient(form, now: now)
        guard let token = form["token"], !token.isEmpty else { throw .invalidRequest("token is required") }
        try step(storageFailure: OAuthProviderError(error: "server_error", errorDescription: nil)) {
            (rows: any AppleIDRows) throws(OAuthProviderError) in
            guard let record = rows.token(token), record.clientID == clientID else { return }
            Self.revoke(clientID: clientID, subject: record.subject, tokenKind: record.kind, at: now, in: rows)
        }
    }

    /// Whether a token request's `redirect_uri` is the one the code was issued for, both
    /// re-serialised from their parts (``BrowserURL``); a missing one is not.
    static func sameRedirect(_ bound: String, _ given: String?) -> Bool {
        guard let given, let issued = try? BrowserURL.checked(bound), let asked = try? BrowserURL.checked(given) else { return false }
        return issued.absoluteString == asked.absoluteString
    }

    private func authenticateClient(_ form: [String: String], now: Date) async throws(OAuthProviderError) -> String {
        guard let clientID = form["client_id"], !clientID.isEmpty else { throw .invalidClient("client_id is required") }
        guard let secret = form["client_secret"], !secret.isEmpty else { throw .invalidClient("client_secret is required") }
        let validator = AppleClientSecretValidator(teamID: configuration.teamID, keys: developerKeys)
        try validator.validate(secret, clientID: clientID, now: now)
        return clientID
    }

    private func exchangeCode(_ code: String?, clientID: String, redirectURI: String?, now: Date) throws(OAuthProviderError) -> JSONObject {
        guard let code, !code.isEmpty else { throw .invalidRequest("code is required") }
        let accessToken = RandomIdentifiers.appleToken(prefix: "a")
        let refreshToken = RandomIdentifiers.appleToken(prefix: "r")
        let (record, authorization) = try step(storageFailure: OAuthProviderError(error: "server_error", errorDescription: nil)) {
            (rows: any AppleIDRows) throws(OAuthProviderError) -> (AppleIDState.Code, AppleIDState.Authorization) in
            guard var record = rows.code(code), now.timeIntervalSince(record.issuedAt) < 300 else {
                throw .invalidGrant("The code has expired or has been revoked.")
            }
            guard record.usedAt == nil else { throw .invalidGrant("The code has already been used.") }
            guard record.clientID == clientID else { throw .invalidGrant("client_id mismatch. The code was not issued to \(clientID).") }
            if let bound = record.redirectURI, !Self.sameRedirect(bound, redirectURI) {
                throw .invalidGrant("redirect_uri mismatch. The code was issued for another redirect_uri.")
            }
            guard let authorization = Self.activeAuthorization(clientID: clientID, subject: record.subject, in: rows) else {
                throw .invalidGrant("The code has expired or has been revoked.")
            }
            record.usedAt = now
            rows.save(code: code, record)
            rows.insert(
                token: accessToken, AppleIDState.Token(clientID: clientID, subject: record.subject, kind: "access_token", issuedAt: now))
            rows.insert(
                token: refreshToken, AppleIDState.Token(clientID: clientID, subject: record.subject, kind: "refresh_token", issuedAt: now))
            return (record, authorization)
        }
        let idToken: String
        do {
            idToken = try identityToken(for: authorization, nonce: record.nonce, binding: ("at_hash", accessToken), now: now)
        } catch {
            throw OAuthProviderError(error: "server_error", errorDescription: nil)
        }
        return [
            "access_token": .string(accessToken), "token_type": .string("Bearer"), "expires_in": .int(3600),
            "refresh_token": .string(refreshToken), "id_token": .string(idToken),
        ]
    }

    private func refresh(_ token: String?, clientID: String, now: Date) throws(OAuthProviderError) -> JSONObject {
        guard let token, !token.isEmpty else { throw .invalidRequest("refresh_token is required") }
        let accessToken = RandomIdentifiers.appleToken(prefix: "a")
        let authorization = try step(storageFailure: OAuthProviderError(error: "server_error", errorDescription: nil)) {
            (rows: any AppleIDRows) throws(OAuthProviderError) -> AppleIDState.Authorization in
            guard let record = rows.token(token), record.kind == "refresh_token", record.revokedAt == nil,
                record.clientID == clientID,
                let authorization = Self.activeAuthorization(clientID: clientID, subject: record.subject, in: rows)
            else { throw .invalidGrant("The token has expired or has been revoked.") }
            rows.insert(
                token: accessToken, AppleIDState.Token(clientID: clientID, subject: record.subject, kind: "access_token", issuedAt: now))
            return authorization
        }
        let idToken: String
        do {
            idToken = try identityToken(for: authorization, nonce: nil, binding: ("at_hash", accessToken), now: now)
        } catch {
            throw OAuthProviderError(error: "server_error", errorDescription: nil)
        }
        return [
            "access_token": .string(accessToken), "token_type": .string("Bearer"), "expires_in": .int(3600), "id_token": .string(idToken),
        ]
    }
}

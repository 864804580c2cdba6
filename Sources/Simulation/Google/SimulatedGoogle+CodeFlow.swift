import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// What the person approved on the simulated Google consent page.
public struct GoogleAuthorizationRequest: Sendable, Hashable {
    /// The OAuth client id.
    public var clientID: String
    /// Where the code goes.
    public var redirectURI: String
    /// The account chosen.
    public var email: String
    /// The account's name, when it is first used.
    public var name: PersonName?
    /// Copied into the ID token.
    public var nonce: String?
    /// The PKCE challenge, if the client sent one.
    public var codeChallenge: String?
    /// `S256` or `plain`.
    public var codeChallengeMethod: String?

    /// Creates a request.
    public init(
        clientID: String, redirectURI: String, email: String, name: PersonName?, nonce: String?,
        codeChallenge: String?, codeChallengeMethod: String?
    ) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.email = email
        self.name = name
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
    }
}

/// Google's authorization-code flow: the consent page gives a code, the token endpoint
/// (`https://oauth2.googleapis.com/token`) exchanges it, checking the redirect URI and the PKCE
/// verifier. Codes are single use and live 10 minutes; they are kept in memory only.
extension SimulatedGoogle {
    /// A pending code.
    struct PendingCode: Sendable {
        var request: GoogleAuthorizationRequest
        var issuedAt: Date
    }

    /// Approves a sign-in and issues a code.
    /// - Parameter request: What the person chose.
    /// - Returns: The authorization code.
    /// - Throws: ``AuthError/invalidEmail(_:)`` for a malformed account.
    public func authorize(_ request: GoogleAuthorizationRequest) throws(AuthError) -> String {
        _ = try EmailAddress.normalized(request.email)
        let now = clock.now()
        codes = codes.filter { now.timeIntervalSince($0.value.issuedAt) < 600 }
        let code = "4/0" + RandomIdentifiers.base64URL(60)
        codes[code] = PendingCode(request: request, issuedAt: now)
        return code
    }

    /// The token endpoint's `authorization_code` grant.
    /// - Parameter form: `grant_type`, `code`, `client_id`, `redirect_uri`, `code_verifier`.
    /// - Returns: `access_token`, `expires_in`, `token_type`, `scope`, `id_token`.
    /// - Throws: ``OAuthProviderError`` as Google answers (`invalid_grant`, `invalid_request`,
    ///   `redirect_uri_mismatch`, `unsupported_grant_type`).
    public func token(form: [String: String]) throws(OAuthProviderError) -> JSONObject {
        guard form["grant_type"] == "authorization_code" else {
            throw OAuthProviderError(error: "unsupported_grant_type", errorDescription: "Invalid grant_type: \(form["grant_type"] ?? "")")
        }
        guard let code = form["code"], !code.isEmpty else { throw .invalidRequest("Missing required parameter: code") }
        let now = clock.now()
        guard let pending = codes.removeValue(forKey: code), now.timeIntervalSince(pending.issuedAt) < 600 else {
            throw .invalidGrant("Malformed auth code.")
        }
        guard form["client_id"] == pending.request.clientID else { throw .invalidGrant("The OAuth client was not found.") }
        guard form["redirect_uri"] == pending.request.redirectURI else {
            throw OAuthProviderError(error: "redirect_uri_mismatch", errorDescription: "Bad Request")
        }
        if let challenge = pending.request.codeChallenge {
            guard let verifier = form["code_verifier"], !verifier.isEmpty else { throw .invalidGrant("Missing code verifier.") }
            let method = pending.request.codeChallengeMethod?.uppercased() ?? "PLAIN"
            let expected = method == "S256" ? PKCE.challenge(for: verifier) : verifier
            guard expected == challenge else { throw .invalidGrant("Invalid code verifier.") }
        }
        let response: GoogleSignInSheetResponse
        do {
            response = try signIn(
                GoogleSignInSheetRequest(
                    clientID: pending.request.clientID, email: pending.request.email, name: pending.request.name,
                    nonce: pending.request.nonce))
        } catch {
            throw OAuthProviderError(error: "server_error", errorDescription: nil)
        }
        return [
            "access_token": .string(response.accessToken), "expires_in": .int(3599), "token_type": .string("Bearer"),
            "scope": .string("openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile"),
            "id_token": .string(response.idToken),
        ]
    }
}

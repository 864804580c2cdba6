import AuthData
import AuthDomain
import AuthJWT
import Foundation

extension SupabaseEngine {
    /// The caller named by a verified access token.
    struct Caller {
        var userID: String
        var sessionID: String?
        var user: SupabaseUserRecord
    }

    /// Verifies a bearer access token and that its user and session still exist.
    func authenticate(_ bearer: String?) async throws(SupabaseFailure) -> Caller {
        guard let bearer, !bearer.isEmpty else { throw .noAuthorization }
        guard let jws = try? CompactJWS(parsing: bearer), configuration.accessTokenKey.isValidSignature(of: jws) else {
            throw .badJWT("signature is invalid")
        }
        guard let exp = jws.payload["exp"]?.intValue, exp > nowSeconds else {
            throw .badJWT("token has invalid claims: token is expired")
        }
        guard let subject = jws.payload["sub"]?.stringValue, UUID(uuidString: subject) != nil else {
            throw .api(status: 400, code: "bad_jwt", message: "invalid claim: sub claim must be a UUID")
        }
        let sessionID = jws.payload["session_id"]?.stringValue
        let user = try mutate { (store: inout SupabaseStore) throws(SupabaseFailure) in try store.authenticate(userID: subject, sessionID: sessionID, now: clock.now()) }
        return Caller(userID: subject, sessionID: sessionID, user: user)
    }

    /// A session response with a freshly signed access token.
    func sessionPayload(_ issued: SupabaseStore.Issued) throws(SupabaseFailure) -> SupabaseSessionPayload {
        let now = nowSeconds
        let expiresAt = now + Int64(configuration.accessTokenLifetime)
        let user = issued.user.payload
        let claims: JSONObject = [
            "iss": .string(configuration.issuer), "sub": .string(user.id), "aud": .string("authenticated"),
            "exp": .int(expiresAt), "iat": .int(now), "email": .string(user.email), "phone": .string(""),
            "app_metadata": .object(user.appMetadata), "user_metadata": .object(user.userMetadata),
            "role": .string("authenticated"), "aal": .string("aal1"),
            "amr": .array([.object(["method": .string(issued.amrMethod), "timestamp": .int(issued.amrTimestamp)])]),
            "session_id": .string(issued.sessionID), "is_anonymous": .bool(user.isAnonymous),
        ]
        let accessToken: String
        do { accessToken = try configuration.accessTokenKey.sign(claims) } catch {
            throw .api(status: 500, code: "unexpected_failure", message: "could not sign the access token")
        }
        return SupabaseSessionPayload(
            accessToken: accessToken, expiresIn: configuration.accessTokenLifetime, expiresAt: Int(expiresAt),
            refreshToken: issued.refreshToken, user: user)
    }

    /// Verifies an ID token as GoTrue's id_token grant does and extracts the identity.
    func verify(_ idToken: String, provider: ProviderID, rawNonce: String?, accessToken: String?) async throws(SupabaseFailure) -> SupabaseStore.ProvenIdentity {
        guard let verifier = verifiers[provider] else {
            throw .validation("Custom OIDC provider \"\(ProviderWireNames.supabase(provider))\" not allowed")
        }
        let token: VerifiedIDToken
        do {
            token = try await verifier.verify(idToken, rawNonce: rawNonce, now: nowSeconds)
        } catch {
            throw Self.failure(for: error)
        }
        if let accessToken, !accessToken.isEmpty, let atHash = token.claims["at_hash"]?.stringValue,
           atHash != SimulatedAppleID.halfHash(accessToken)
        {
            throw .badIDToken()
        }
        return provider == .apple ? appleIdentity(token) : oidcIdentity(token, provider: provider)
    }

    static func failure(for error: IDTokenError) -> SupabaseFailure {
        switch error {
        case .invalidAudience(let audiences): .badIDToken("Unacceptable audience in id_token: \(audiences)")
        case .missingSubject: .badIDToken("Missing sub claim in id_token")
        case .nonceMissingInRequest, .nonceMissingInToken: .nonceEitherBoth
        case .nonceMismatch: .nonceMismatch
        default: .badIDToken()
        }
    }

    private func appleIdentity(_ token: VerifiedIDToken) -> SupabaseStore.ProvenIdentity {
        var data: JSONObject = ["iss": .string(token.issuer), "sub": .string(token.subject), "provider_id": .string(token.subject)]
        if let email = token.email { data["email"] = .string(email.lowercased()) }
        data["email_verified"] = .bool(true)
        data["phone_verified"] = .bool(false)
        var custom = JSONObject()
        if let authTime = token.authTime { custom["auth_time"] = .int(authTime) }
        if token.claims["is_private_email"] != nil { custom["is_private_email"] = .bool(token.isPrivateEmail) }
        if let transfer = token.claims["transfer_sub"]?.stringValue { custom["transfer_sub"] = .string(transfer) }
        if !custom.isEmpty { data["custom_claims"] = .object(custom) }
        return SupabaseStore.ProvenIdentity(
            provider: "apple", subject: token.subject, email: token.email?.lowercased(), emailVerified: token.email != nil, identityData: data)
    }

    /// An OpenID Connect provider's identity (Google's shape: name, picture, hosted domain).
    private func oidcIdentity(_ token: VerifiedIDToken, provider: ProviderID) -> SupabaseStore.ProvenIdentity {
        var data: JSONObject = ["iss": .string(token.issuer), "sub": .string(token.subject), "provider_id": .string(token.subject)]
        if let email = token.email { data["email"] = .string(email.lowercased()) }
        data["email_verified"] = .bool(token.emailVerified)
        data["phone_verified"] = .bool(false)
        if let name = token.name {
            data["name"] = .string(name)
            data["full_name"] = .string(name)
        }
        if let picture = token.picture {
            data["picture"] = .string(picture)
            data["avatar_url"] = .string(picture)
        }
        if let hd = token.claims["hd"]?.stringValue { data["custom_claims"] = .object(["hd": .string(hd)]) }
        return SupabaseStore.ProvenIdentity(
            provider: ProviderWireNames.supabase(provider), subject: token.subject, email: token.email?.lowercased(),
            emailVerified: token.emailVerified, identityData: data)
    }
}

import AuthData
import AuthDomain
import AuthJWT
import Foundation

extension SupabaseEngine {
    /// The caller named by a verified access token.
    struct Caller {
        var userID: String
        var sessionID: String
        var user: SupabaseUserRecord
    }

    static let nilUUID = "00000000-0000-0000-0000-000000000000"

    /// `requireAuthentication` (api/auth.go), stricter on purpose: besides the signature, `exp`
    /// (required), `aud` (`GOTRUE_JWT_AUD`) and `iss` are checked, and the token must name a
    /// session of its own user (GoTrue accepts a token without `session_id`, which sign-out then
    /// cannot revoke, and does not compare the session's user with `sub`).
    func authenticate(_ bearer: String?) async throws(SupabaseFailure) -> Caller {
        guard let bearer, !bearer.isEmpty else { throw .noAuthorization }
        guard let jws = try? CompactJWS(parsing: bearer), configuration.accessTokenKeys.verifies(jws) else {
            throw .badJWT("signature is invalid")
        }
        let claims = jws.payload
        try checkExpiry(claims)
        let audiences = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard audiences.contains(configuration.audience) else { throw .badJWT("token has invalid claims: token has invalid audience") }
        guard claims["iss"]?.stringValue == configuration.issuer else {
            throw .badJWT("token has invalid claims: token has invalid issuer")
        }
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty else {
            throw .api(status: 403, code: "bad_jwt", message: "invalid claim: missing sub claim")
        }
        guard UUID(uuidString: subject) != nil else {
            throw .api(status: 400, code: "bad_jwt", message: "invalid claim: sub claim must be a UUID")
        }
        guard let sessionID = claims["session_id"]?.stringValue, !sessionID.isEmpty, sessionID != Self.nilUUID else {
            throw .api(status: 403, code: "bad_jwt", message: "invalid claim: missing session_id claim")
        }
        guard UUID(uuidString: sessionID) != nil else {
            throw .api(status: 403, code: "bad_jwt", message: "invalid claim: session_id claim must be a UUID")
        }
        let user = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.authenticate(userID: subject.lowercased(), sessionID: sessionID.lowercased(), now: clock.now())
        }
        return Caller(userID: user.id, sessionID: sessionID.lowercased(), user: user)
    }

    /// `exp` must be present and in the future (golang-jwt's message when it is not).
    func checkExpiry(_ claims: JSONObject) throws(SupabaseFailure) {
        guard let exp = claims["exp"]?.intValue else {
            throw .badJWT("token has invalid claims: token is missing required claim: exp claim is required")
        }
        guard exp > nowSeconds else { throw .badJWT("token has invalid claims: token is expired") }
    }

    /// A session response with a freshly signed access token.
    func sessionPayload(_ issued: SupabaseStore.Issued) throws(SupabaseFailure) -> SupabaseSessionPayload {
        let now = nowSeconds
        let expiresAt = now + Int64(configuration.accessTokenLifetime)
        var user = issued.user.payload
        if !issued.showsConfirmedAt { user.confirmedAt = nil }
        let assurance = Self.assurance(of: issued)
        user.factors = assurance.factors
        let claims: JSONObject = [
            "iss": .string(configuration.issuer), "sub": .string(user.id), "aud": .string(configuration.audience),
            "exp": .int(expiresAt), "iat": .int(now), "email": .string(user.email), "phone": .string(user.phone),
            "app_metadata": .object(user.appMetadata), "user_metadata": .object(user.userMetadata),
            "role": .string(user.role), "aal": .string(assurance.aal),
            "amr": .array(assurance.amr.map { .object(["method": .string($0.method), "timestamp": .int($0.timestamp)]) }),
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

    /// The session's `aal` and `amr` (`CalculateAALAndAMR`, internal/models/sessions.go: `aal2`
    /// once a `totp` claim is there, the entries most recent first) and the user's factors.
    /// They were read in the step that issued the session (``SupabaseStore/Issued``): a read here,
    /// after the write, would wait for the write's commit.
    private static func assurance(
        of issued: SupabaseStore.Issued
    ) -> (aal: String, amr: [SupabaseAMREntry], factors: [SupabaseFactorPayload]?) {
        let first = SupabaseAMREntry(method: issued.amrMethod, timestamp: issued.amrTimestamp)
        let amr = ([first] + issued.laterAMR).enumerated()
            .sorted { ($0.element.timestamp, $0.offset) > ($1.element.timestamp, $1.offset) }.map(\.element)
        return (issued.aal, amr, issued.factors.isEmpty ? nil : issued.factors.map(\.payload))
    }

    /// Verifies an ID token as GoTrue's id_token grant does and extracts the identity.
    func verify(_ idToken: String, provider: ProviderID, rawNonce: String?, accessToken: String?) async throws(SupabaseFailure)
        -> SupabaseStore.ProvenIdentity
    {
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

    /// Apple's identity. Stricter than GoTrue on purpose: GoTrue's `parseAppleIDToken`
    /// (provider/oidc.go) never reads `email_verified` and treats every Apple email as verified;
    /// here an email is verified only when Apple says so (`true` or `"true"`), so a token whose
    /// email Apple did not verify cannot take over the account that has it. A token without an
    /// email counts as verified, as in GoTrue.
    private func appleIdentity(_ token: VerifiedIDToken) -> SupabaseStore.ProvenIdentity {
        let verified = token.email == nil || VerifiedIDToken.flexibleBool(token.claims["email_verified"]) == true
        var data: JSONObject = ["iss": .string(token.issuer), "sub": .string(token.subject), "provider_id": .string(token.subject)]
        if let email = token.email { data["email"] = .string(email.lowercased()) }
        data["email_verified"] = .bool(verified)
        data["phone_verified"] = .bool(false)
        var custom = JSONObject()
        if let authTime = token.authTime { custom["auth_time"] = .int(authTime) }
        if token.claims["is_private_email"] != nil { custom["is_private_email"] = .bool(token.isPrivateEmail) }
        if let transfer = token.claims["transfer_sub"]?.stringValue { custom["transfer_sub"] = .string(transfer) }
        if !custom.isEmpty { data["custom_claims"] = .object(custom) }
        return SupabaseStore.ProvenIdentity(
            provider: "apple", subject: token.subject, email: token.email?.lowercased(), emailVerified: verified, identityData: data)
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

import AuthData
import AuthJWT
import Foundation

extension FirebaseEngine {
    /// The caller named by a verified Firebase ID token.
    struct Caller {
        var localId: String
        var authTime: Int64
        var signInProvider: String
        var user: FirebaseUserRecord
    }

    /// What a verified ID token of this engine says, before its user is looked up.
    struct CallerToken {
        var localId: String
        var issuedAt: Int64
        var authTime: Int64
        var signInProvider: String
    }

    /// Verifies one of this engine's ID tokens: signature by our key, issuer, audience, expiry,
    /// and that the user exists, is enabled and has not had its tokens revoked since.
    func authenticate(_ idToken: String?) async throws(FirebaseFailure) -> Caller {
        let token = try verifiedToken(idToken)
        let user = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            try store.activeUser(token.localId, issuedAt: token.issuedAt)
        }
        return Caller(localId: token.localId, authTime: token.authTime, signInProvider: token.signInProvider, user: user)
    }

    /// Checks an ID token's signature by our key, issuer, audience and expiry (no storage).
    func verifiedToken(_ idToken: String?) throws(FirebaseFailure) -> CallerToken {
        guard let idToken, !idToken.isEmpty else { throw .missingIDToken }
        guard let jws = try? CompactJWS(parsing: idToken), configuration.idTokenKey.isValidSignature(of: jws),
            jws.keyID == configuration.idTokenKey.keyID,
            jws.payload["iss"]?.stringValue == "https://securetoken.google.com/\(configuration.projectID)",
            jws.payload["aud"]?.stringValue == configuration.projectID,
            let localId = jws.payload["sub"]?.stringValue, let iat = jws.payload["iat"]?.intValue,
            let exp = jws.payload["exp"]?.intValue
        else { throw .invalidIDToken }
        guard exp > nowSeconds else { throw .invalidIDToken }
        let firebase = jws.payload["firebase"]?.objectValue
        return CallerToken(
            localId: localId, issuedAt: iat, authTime: jws.payload["auth_time"]?.intValue ?? iat,
            signInProvider: firebase?["sign_in_provider"]?.stringValue ?? "custom")
    }

    /// A Firebase ID token with production claims, signed RS256; with a second factor, its
    /// `firebase.sign_in_second_factor` (`totp`) and `second_factor_identifier`; `extraClaims` (a
    /// custom token's developer claims) go in where they name no claim already there.
    func mintIDToken(
        for user: FirebaseUserRecord, signInProvider: String, authTime: Int64, secondFactor: String? = nil,
        extraClaims: JSONObject = [:]
    ) throws(FirebaseFailure) -> String {
        let iat = nowSeconds
        var claims = JSONObject()
        if let name = user.displayName { claims["name"] = .string(name) }
        if let picture = user.photoUrl { claims["picture"] = .string(picture) }
        if signInProvider == "anonymous" { claims["provider_id"] = .string("anonymous") }
        claims["iss"] = .string("https://securetoken.google.com/\(configuration.projectID)")
        claims["aud"] = .string(configuration.projectID)
        claims["auth_time"] = .int(authTime)
        claims["user_id"] = .string(user.localId)
        claims["sub"] = .string(user.localId)
        claims["iat"] = .int(iat)
        claims["exp"] = .int(iat + Int64(configuration.idTokenLifetime))
        if let email = user.email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(user.emailVerified)
        }
        var identities = JSONObject()
        for provider in user.providers where provider.providerId != "password" {
            identities[provider.providerId] = .array([.string(provider.rawId)])
        }
        if let email = user.email { identities["email"] = .array([.string(email)]) }
        var firebase: JSONObject = ["identities": .object(identities), "sign_in_provider": .string(signInProvider)]
        if let secondFactor {
            firebase["sign_in_second_factor"] = .string("totp")
            firebase["second_factor_identifier"] = .string(secondFactor)
        }
        claims["firebase"] = .object(firebase)
        for entry in extraClaims where claims[entry.key] == nil { claims[entry.key] = entry.value }
        if let custom = user.customAttributes, let object = try? StrictJSONParser.parseObject(Array(custom.utf8)) {
            for entry in object where claims[entry.key] == nil { claims[entry.key] = entry.value }
        }
        do { return try configuration.idTokenKey.sign(claims) } catch {
            throw .code("INTERNAL_ERROR", status: 500)
        }
    }
}

extension FirebaseUserRecord {
    /// The user as `accounts:lookup` returns it (`lastLoginAt` only after a sign-in; the
    /// password hash only in admin answers, ``adminPayload``).
    var payload: FirebaseUserInfoPayload {
        var payload = FirebaseUserInfoPayload(
            localId: localId, email: email, emailVerified: emailVerified, displayName: displayName, photoUrl: photoUrl,
            disabled: disabled,
            providerUserInfo: providers.map { provider in
                var entry = FirebaseProviderUserInfoPayload(
                    providerId: provider.providerId, rawId: provider.rawId, federatedId: provider.rawId,
                    email: provider.email, displayName: provider.displayName, photoUrl: provider.photoUrl)
                if provider.providerId == "phone" { entry.phoneNumber = provider.rawId }
                return entry
            },
            emailLinkSignin: emailLinkSignin ? true : nil, validSince: String(validSince), createdAt: String(createdAt),
            lastLoginAt: lastLoginAt > 0 ? String(lastLoginAt) : nil, lastRefreshAt: nil)
        payload.phoneNumber = phoneNumber
        payload.passwordUpdatedAt = passwordUpdatedAt.map(Double.init)
        return payload
    }
}

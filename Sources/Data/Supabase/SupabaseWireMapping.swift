import AuthDomain
import AuthJWT
import Foundation

/// Translates Supabase wire values to domain values; shared by the REST adapter and the
/// in-process backend so that both answer exactly alike.
package enum SupabaseWireMapping {
    /// The domain user of a wire user.
    /// - Parameter payload: The wire user.
    /// - Returns: The domain user.
    package static func user(_ payload: SupabaseUserPayload) -> AuthUser {
        let metadata = payload.userMetadata
        let name =
            metadata["full_name"]?.stringValue ?? metadata["name"]?.stringValue
            ?? PersonName(givenName: metadata["first_name"]?.stringValue, familyName: metadata["last_name"]?.stringValue).formatted
        let providerNames =
            payload.appMetadata["providers"]?.arrayValue?.compactMap(\.stringValue)
            ?? payload.identities.map(\.provider)
        let isPrivate = payload.identities.contains {
            $0.identityData["custom_claims"]?.objectValue?["is_private_email"].flatMap(VerifiedIDToken.flexibleBool) == true
        }
        return AuthUser(
            id: payload.id,
            email: payload.email.isEmpty ? nil : payload.email,
            displayName: name.flatMap { $0.isEmpty ? nil : $0 },
            photoURL: (metadata["avatar_url"]?.stringValue ?? metadata["picture"]?.stringValue).flatMap(URL.init(string:)),
            isEmailVerified: payload.emailConfirmedAt != nil,
            isPrivateRelayEmail: isPrivate || AuthUser.isAppleRelayAddress(payload.email),
            isAnonymous: payload.isAnonymous,
            providers: providerNames.map { ProviderWireNames.provider(supabase: $0) }
        )
    }

    /// The domain session and user of a wire session.
    /// - Parameters:
    ///   - payload: The wire session.
    ///   - flow: The call that answered (see ``SupabaseNewUserRule``).
    /// - Returns: The domain sign-in.
    package static func signIn(_ payload: SupabaseSessionPayload, flow: SupabaseNewUserRule.Flow) -> BackendSignIn {
        BackendSignIn(
            session: session(payload), user: user(payload.user), isNewUser: SupabaseNewUserRule.isNewUser(payload.user, flow: flow))
    }

    /// The domain session of a wire session.
    /// - Parameter payload: The wire session.
    /// - Returns: The domain session.
    package static func session(_ payload: SupabaseSessionPayload) -> AuthSession {
        var session = AuthSession(
            accessToken: Secret(payload.accessToken), refreshToken: Secret(payload.refreshToken),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(min(max(payload.expiresAt, 0), latestExpiry))), userID: payload.user.id)
        // The level is read from the client's own access token, unverified, as supabase-swift's
        // `getAuthenticatorAssuranceLevel` does: it says what to ask, it protects nothing.
        session.assuranceLevel = (try? CompactJWS(parsing: payload.accessToken))?.payload["aal"]?.stringValue.map {
            AssuranceLevel(rawValue: $0)
        }
        if payload.providerToken != nil || payload.providerRefreshToken != nil {
            session.providerTokens = ProviderTokens(
                accessToken: payload.providerToken.map { Secret($0) },
                refreshToken: payload.providerRefreshToken.map { Secret($0) })
        }
        return session
    }

    /// The latest `expires_at` taken as is (9999-12-31): a larger value from the server would
    /// overflow the refresh scheduler's millisecond arithmetic.
    private static let latestExpiry = 253_402_300_799

    /// The `user_metadata` keys a name is written to: `full_name`, `name`, `first_name`,
    /// `last_name`.
    /// - Parameter name: The name.
    /// - Returns: The metadata object for `PUT /user` `data`.
    package static func metadata(for name: PersonName) -> JSONObject {
        var data = JSONObject()
        if let full = name.formatted {
            data["full_name"] = .string(full)
            data["name"] = .string(full)
        }
        if let given = name.givenName { data["first_name"] = .string(given) }
        if let family = name.familyName { data["last_name"] = .string(family) }
        return data
    }

    /// The domain error of a Supabase failure.
    /// - Parameter failure: The failure.
    /// - Returns: The domain error.
    package static func error(_ failure: SupabaseFailure) -> AuthError {
        switch failure {
        case .oauth(let error, let description):
            return oauthError(error: error, description: description)
        case .api(let status, let code, let message):
            return apiError(status: status, code: code, message: message)
        }
    }

    private static func oauthError(error: String, description: String) -> AuthError {
        if description.hasPrefix("Passed nonce and nonce in id_token should either both exist or not") { return .missingNonce }
        if description.hasPrefix("Nonces mismatch") || error == "invalid nonce" { return .nonceMismatch }
        if description == "id_token required" { return .missingIdentityToken }
        // GoTrue before error codes: `invalid_grant` with these descriptions (internal/api/token.go).
        if description == "Invalid login credentials" { return .invalidLoginCredentials }
        if description == "Email not confirmed" { return .emailNotConfirmed }
        if description.hasPrefix("Bad ID token") || description.hasPrefix("Unacceptable audience")
            || description.hasPrefix("Missing sub claim")
        {
            return .invalidIdentityToken(description)
        }
        return .backend(BackendError(code: BackendErrorCode(rawValue: error), message: description, status: 400))
    }

    private static func apiError(status: Int, code: String, message: String) -> AuthError {
        let backend = BackendError(code: BackendErrorCode(rawValue: code), message: message, status: status)
        switch code {
        case "otp_expired": return .codeInvalid
        case "over_email_send_rate_limit", "over_request_rate_limit", "over_sms_send_rate_limit":
            return .rateLimited(retryAfter: retryAfter(in: message))
        case "refresh_token_not_found", "refresh_token_already_used", "session_not_found", "session_expired", "user_not_found":
            return .sessionExpired(code)
        case "user_banned": return .accountDisabled
        case "identity_already_exists": return .credentialAlreadyInUse(backend, recovery: nil)
        case "email_exists": return .emailInUse
        case "provider_email_needs_verification":
            return .accountExistsWithDifferentCredential(email: nil, providers: [])
        case "invalid_credentials": return .invalidLoginCredentials
        case "email_not_confirmed": return .emailNotConfirmed
        case "weak_password": return .weakPassword(reasons: weakPasswordReasons(inMessage: message), message: message)
        case "user_already_exists": return .emailInUse
        case "reauthentication_needed": return .reauthenticationRequired
        case "reauthentication_not_valid": return .codeInvalid
        default: return .backend(backend)
        }
    }

    /// The `weak_password.reasons` GoTrue sends beside the message (`length`, `characters`,
    /// `pwned`), read back from the message (internal/api/password.go writes one sentence per
    /// reason), so that both error body shapes give them.
    /// - Parameter message: A `weak_password` message.
    /// - Returns: The reasons, in GoTrue's order.
    package static func weakPasswordReasons(inMessage message: String) -> [String] {
        [
            ("length", "Password should be at least "), ("characters", "Password should contain at least one character"),
            ("pwned", "Password is known to be weak"),
        ].filter { message.contains($0.1) }.map(\.0)
    }

    /// Reads "… after N seconds" from a rate-limit message.
    /// - Parameter message: The message.
    /// - Returns: N, when present as 1 to 9 ASCII digits (a longer number, or digits of other
    ///   scripts, would not fit the integer arithmetic callers do with it).
    package static func retryAfter(in message: String) -> TimeInterval? {
        guard let range = message.range(of: "after ") else { return nil }
        let digits = message[range.upperBound...].utf8.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        guard (1...9).contains(digits.count), let seconds = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        return TimeInterval(seconds)
    }
}

import AuthDomain
import AuthJWT
import Foundation

/// Translates Firebase wire values to domain values; shared by the REST adapter and the
/// in-process backend so that both answer exactly alike.
package enum FirebaseWireMapping {
    /// The domain user of a Firebase user record.
    /// - Parameter info: The record.
    /// - Returns: The domain user; anonymous when it has neither providers nor email.
    package static func user(_ info: FirebaseUserInfoPayload) -> AuthUser {
        let providers = (info.providerUserInfo ?? []).map { ProviderWireNames.provider(firebase: $0.providerId) }
        let email = info.email.flatMap { $0.isEmpty ? nil : $0 }
        return AuthUser(
            id: info.localId, email: email,
            displayName: info.displayName.flatMap { $0.isEmpty ? nil : $0 },
            photoURL: info.photoUrl.flatMap(URL.init(string:)),
            isEmailVerified: info.emailVerified ?? false,
            isAnonymous: providers.isEmpty && email == nil,
            providers: providers)
    }

    /// A domain session from Firebase tokens; the expiry counts from `now` as the SDKs do.
    /// - Parameters:
    ///   - idToken: The Firebase ID token.
    ///   - refreshToken: The refresh token.
    ///   - expiresIn: Seconds, as the string Firebase sends.
    ///   - userID: The uid.
    ///   - now: The time of receipt.
    /// - Returns: The session.
    /// - Throws: ``AuthError/backend(_:)`` when a token is missing.
    package static func session(idToken: String?, refreshToken: String?, expiresIn: String?, userID: String, now: Date) throws
        -> AuthSession
    {
        guard let idToken, !idToken.isEmpty, let refreshToken, !refreshToken.isEmpty else {
            throw AuthError.backend(BackendError(code: "INVALID_RESPONSE", message: "response without idToken or refreshToken"))
        }
        // Firebase sends "3600"; anything that is not a whole number of seconds up to a year
        // (e.g. "1e300", "nan") would break the refresh scheduler, so it counts as the default.
        let lifetime = expiresIn.flatMap { Int($0) }.flatMap { (0...31_536_000).contains($0) ? TimeInterval($0) : nil } ?? 3600
        var session = AuthSession(
            accessToken: Secret(idToken), refreshToken: Secret(refreshToken),
            expiresAt: now.addingTimeInterval(lifetime), userID: userID)
        session.assuranceLevel = assuranceLevel(idToken: idToken)
        return session
    }

    /// The level of a Firebase ID token, read unverified from its own claims:
    /// `firebase.sign_in_second_factor` names the second factor of an `aal2` sign-in
    /// (firebase-ios-sdk `MultiFactorInfo`; Google's ID token reference).
    /// - Parameter idToken: The ID token.
    /// - Returns: `aal2` with a second factor, `aal1` without, `nil` for an unreadable token.
    package static func assuranceLevel(idToken: String) -> AssuranceLevel? {
        guard let payload = try? CompactJWS(parsing: idToken).payload else { return nil }
        let secondFactor = payload["firebase"]?.objectValue?["sign_in_second_factor"]?.stringValue
        return secondFactor.map { $0.isEmpty ? .aal1 : .aal2 } ?? .aal1
    }

    /// Turns a first factor's answer without tokens (`mfaPendingCredential` and `mfaInfo`) into
    /// ``AuthError/secondFactorRequired(_:)``; does nothing for an answer with tokens.
    /// - Parameters:
    ///   - pendingCredential: The answer's `mfaPendingCredential`.
    ///   - mfaInfo: The answer's `mfaInfo`.
    ///   - user: The user the answer names.
    ///   - provider: The first factor.
    /// - Throws: ``AuthError/secondFactorRequired(_:)`` with the TOTP factors.
    package static func checkSecondFactor(
        _ pendingCredential: String?, mfaInfo: [FirebaseMFAInfoPayload]?, user: AuthUser, provider: ProviderID
    ) throws {
        guard let pendingCredential, !pendingCredential.isEmpty else { return }
        let pending = PendingSecondFactor(
            factors: secondFactors(mfaInfo), provider: provider, proof: .pendingCredential(Secret(pendingCredential), user: user))
        throw AuthError.secondFactorRequired(pending)
    }

    /// The TOTP factors of an `mfaInfo` list (all enrolled, so verified).
    /// - Parameter mfaInfo: The list.
    /// - Returns: The factors, in the list's order.
    package static func secondFactors(_ mfaInfo: [FirebaseMFAInfoPayload]?) -> [SecondFactor] {
        (mfaInfo ?? []).filter { $0.totpInfo != nil }.map {
            SecondFactor(id: $0.mfaEnrollmentId, friendlyName: $0.displayName.flatMap { $0.isEmpty ? nil : $0 }, isVerified: true)
        }
    }

    /// Interprets the 200 answers of `signInWithIdp` that are refusals: `needConfirmation` and
    /// `errorMessage` (returned when `returnIdpCredential` is set).
    /// - Parameters:
    ///   - response: The response.
    ///   - provider: The provider of the credential sent.
    /// - Throws: ``AuthError/accountExists(_:)`` carrying the credential to link later (or
    ///   ``AuthError/accountExistsWithDifferentCredential(email:providers:)`` when none came back), or
    ///   ``AuthError/credentialAlreadyInUse(_:recovery:)`` carrying the credential Firebase
    ///   echoed back.
    package static func checkIdpRefusal(_ response: FirebaseIdpResponse, provider: ProviderID) throws {
        if response.needConfirmation == true {
            let providers = (response.verifiedProvider ?? []).map { ProviderWireNames.provider(firebase: $0) }
            guard response.pendingToken != nil || response.oauthIdToken != nil else {
                throw AuthError.accountExistsWithDifferentCredential(email: response.email, providers: providers)
            }
            var pending = IDTokenCredential(provider: provider, idToken: Secret(response.oauthIdToken ?? ""))
            pending.accessToken = response.oauthAccessToken.map { Secret($0) }
            pending.pendingToken = response.pendingToken.map { Secret($0) }
            throw AuthError.accountExists(PendingLink(email: response.email, providers: providers, credential: pending))
        }
        if let message = response.errorMessage {
            let failure = FirebaseFailure(status: 200, message: message)
            var recovery: IDTokenCredential?
            if let idToken = response.oauthIdToken {
                recovery = IDTokenCredential(provider: provider, idToken: Secret(idToken))
                recovery?.accessToken = response.oauthAccessToken.map { Secret($0) }
                recovery?.pendingToken = response.pendingToken.map { Secret($0) }
            }
            throw AuthError.credentialAlreadyInUse(
                BackendError(code: BackendErrorCode(rawValue: failure.code), message: failure.detail ?? failure.code, status: 200),
                recovery: recovery)
        }
    }

    /// The domain error of a Firebase failure.
    /// - Parameter failure: The failure.
    /// - Returns: The domain error.
    package static func error(_ failure: FirebaseFailure) -> AuthError {
        let backend = BackendError(
            code: BackendErrorCode(rawValue: failure.code), message: failure.detail ?? failure.code, status: failure.status)
        switch failure.code {
        case "MISSING_OR_INVALID_NONCE":
            let detail = failure.detail ?? ""
            if detail.hasPrefix("Nonce is missing") { return .missingNonce }
            if detail.hasPrefix("Duplicate credential") { return .invalidCredential(detail) }
            return .nonceMismatch
        case "INVALID_IDP_RESPONSE", "INVALID_CREDENTIAL_OR_PROVIDER_ID", "INVALID_PENDING_TOKEN":
            return .invalidIdentityToken(failure.detail ?? failure.code)
        case "INVALID_ID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND", "INVALID_REFRESH_TOKEN":
            return .sessionExpired(failure.code)
        case "USER_DISABLED": return .accountDisabled
        case "TOO_MANY_ATTEMPTS_TRY_LATER", "QUOTA_EXCEEDED": return .rateLimited(retryAfter: nil)
        case "INVALID_OOB_CODE": return .codeInvalid
        case "EXPIRED_OOB_CODE": return .codeExpired
        case "INVALID_EMAIL", "MISSING_EMAIL": return .invalidEmail(failure.detail ?? "")
        case "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": return .requiresRecentLogin
        case "FEDERATED_USER_ID_ALREADY_LINKED", "EMAIL_EXISTS": return .credentialAlreadyInUse(backend, recovery: nil)
        case "INVALID_LOGIN_CREDENTIALS", "EMAIL_NOT_FOUND", "INVALID_PASSWORD": return .invalidLoginCredentials
        case "WEAK_PASSWORD": return .weakPassword(reasons: ["length"], message: failure.detail ?? failure.code)
        case "PASSWORD_DOES_NOT_MEET_REQUIREMENTS":
            return .weakPassword(reasons: passwordReasons(failure.detail ?? ""), message: failure.detail ?? failure.code)
        default: return .backend(backend)
        }
    }

    /// GoTrue's reason words for the requirements a Firebase password policy lists as missing
    /// (`Missing password requirements: [Password must contain at least 8 characters, …]`):
    /// `length` for the length rules, `characters` for the character classes.
    /// - Parameter detail: The error's detail.
    /// - Returns: The reasons, `length` first.
    package static func passwordReasons(_ detail: String) -> [String] {
        let text = detail.lowercased()
        let length = (text.contains("at least") || text.contains("at most")) && text.contains("characters") || text.contains("maximum")
        let characters = ["upper case", "lower case", "numeric", "non-alphanumeric"].contains { text.contains($0) }
        return (length ? ["length"] : []) + (characters ? ["characters"] : [])
    }
}

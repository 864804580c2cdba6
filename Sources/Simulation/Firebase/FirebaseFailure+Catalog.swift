import AuthData

/// The refusals of Firebase Auth, as `CODE` or `CODE : detail` messages.
extension FirebaseFailure {
    static func code(_ code: String, _ detail: String? = nil, status: Int = 400) -> FirebaseFailure {
        FirebaseFailure(status: status, code: code, detail: detail)
    }
    static let invalidIDToken = code("INVALID_ID_TOKEN")
    static let tokenExpired = code("TOKEN_EXPIRED")
    static let userNotFound = code("USER_NOT_FOUND")
    static let userDisabled = code("USER_DISABLED")
    static let missingIDToken = code("MISSING_ID_TOKEN")
    static let emailExists = code("EMAIL_EXISTS")
    static let federatedAlreadyLinked = code("FEDERATED_USER_ID_ALREADY_LINKED")
    static let invalidRefreshToken = code("INVALID_REFRESH_TOKEN")
    static let invalidOobCode = code("INVALID_OOB_CODE")
    static let expiredOobCode = code("EXPIRED_OOB_CODE")
    static let tooManyAttempts = code("TOO_MANY_ATTEMPTS_TRY_LATER")
    /// Production's wording for repeated wrong codes (firebase-js-sdk issue 2399 shows it).
    static let tooManyFailedAttempts = code("TOO_MANY_ATTEMPTS_TRY_LATER", "Too many unsuccessful login attempts. Please try again later.")
    static let credentialTooOld = code("CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    /// Production's answer once an account's wrong passwords are spent (Firebase's
    /// `auth/too-many-requests`, as apps report it).
    static let accountTemporarilyDisabled = code(
        "TOO_MANY_ATTEMPTS_TRY_LATER",
        "Access to this account has been temporarily disabled due to many failed login attempts. "
            + "You can immediately restore it by resetting your password or you can try again later.")
    /// Production's answer for a `linkDomain` that is not one of the project's Hosting domains
    /// (firebase-admin-python's integration/test_auth.py `test_auth_error_parse` quotes it).
    static let invalidHostingLinkDomain = code(
        "INVALID_HOSTING_LINK_DOMAIN",
        "The provided hosting link domain is not configured in Firebase Hosting or is not owned by the current project. "
            + "This cannot be a default hosting domain (web.app or firebaseapp.com).")
    static let insufficientPermission = code("INSUFFICIENT_PERMISSION", status: 403)
    static let duplicateCredential = code(
        "MISSING_OR_INVALID_NONCE", "Duplicate credential received. Please try again with a new credential.")
    /// A 501, for what Google's emulator does not serve either.
    static func notImplemented(_ message: String) -> FirebaseFailure { FirebaseFailure(status: 501, message: message) }
    static func idpResponse(_ detail: String) -> FirebaseFailure { code("INVALID_IDP_RESPONSE", detail) }
}

import AuthData

/// The refusals of Supabase Auth, with the status, code and message GoTrue uses.
extension SupabaseFailure {
    static func validation(_ message: String, status: Int = 400) -> SupabaseFailure {
        .api(status: status, code: "validation_failed", message: message)
    }
    static let badJSON = SupabaseFailure.api(status: 400, code: "bad_json", message: "Could not parse request body as JSON")
    static let noAuthorization = SupabaseFailure.api(
        status: 401, code: "no_authorization", message: "This endpoint requires a valid Bearer token")
    static func badJWT(_ detail: String) -> SupabaseFailure {
        .api(status: 403, code: "bad_jwt", message: "invalid JWT: unable to parse or verify signature, \(detail)")
    }
    static let userNotFound = SupabaseFailure.api(status: 403, code: "user_not_found", message: "User from sub claim in JWT does not exist")
    static let sessionNotFound = SupabaseFailure.api(
        status: 403, code: "session_not_found", message: "Session from session_id claim in JWT does not exist")
    static let userBanned = SupabaseFailure.api(status: 403, code: "user_banned", message: "User is banned")
    static let refreshTokenNotFound = SupabaseFailure.api(
        status: 400, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found")
    static let refreshTokenAlreadyUsed = SupabaseFailure.api(
        status: 400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used")
    static let otpExpired = SupabaseFailure.api(status: 403, code: "otp_expired", message: "Token has expired or is invalid")
    static let signupDisabled = SupabaseFailure.api(status: 422, code: "signup_disabled", message: "Signups not allowed for this instance")
    /// `email_provider_disabled` "Email logins are disabled": 422 on `/otp` and the password
    /// grant, 400 on `/recover` and `/resend` (GoTrue api/magic_link.go, api/token.go, api/middleware.go).
    static func emailLoginsDisabled(status: Int) -> SupabaseFailure {
        .api(status: status, code: "email_provider_disabled", message: "Email logins are disabled")
    }
    static let anonymousDisabled = SupabaseFailure.api(
        status: 422, code: "anonymous_provider_disabled", message: "Anonymous sign-ins are disabled")
    static let identityLinked = SupabaseFailure.api(status: 422, code: "identity_already_exists", message: "Identity is already linked")
    static let identityLinkedToOther = SupabaseFailure.api(
        status: 422, code: "identity_already_exists", message: "Identity is already linked to another user")
    /// GoTrue's `DuplicateEmailMsg` (internal/api/errors.go).
    static let duplicateEmail = "A user with this email address has already been registered"
    static let emailExists = SupabaseFailure.api(status: 400, code: "email_exists", message: duplicateEmail)
    static let notAdmin = SupabaseFailure.api(status: 403, code: "not_admin", message: "User not allowed")
    static let adminUserNotFound = SupabaseFailure.api(status: 404, code: "user_not_found", message: "User not found")
    static let singleIdentity = SupabaseFailure.api(
        status: 422, code: "single_identity_not_deletable", message: "User must have at least 1 identity after unlinking")
    static let identityNotFound = SupabaseFailure.api(status: 422, code: "identity_not_found", message: "Identity doesn't exist")
    static let manualLinkingDisabled = SupabaseFailure.api(
        status: 404, code: "manual_linking_disabled", message: "Manual linking is disabled")
    static let linkExpired = SupabaseFailure.api(status: 403, code: "otp_expired", message: "Email link is invalid or has expired")
    static let overRequestRateLimit = SupabaseFailure.api(
        status: 429, code: "over_request_rate_limit", message: "Request rate limit reached")
    static let notAdminForAppMetadata = SupabaseFailure.api(
        status: 403, code: "not_admin", message: "Updating app_metadata requires admin privileges")
    static let invalidPhone = SupabaseFailure.api(
        status: 400, code: "validation_failed", message: "Invalid phone number format (E.164 required)")
    static func emailRateLimit(after seconds: Int) -> SupabaseFailure {
        .api(
            status: 429, code: "over_email_send_rate_limit",
            message: "For security purposes, you can only request this after \(seconds) seconds.")
    }
    static let emailSendRateLimit = SupabaseFailure.api(
        status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded")
    static let tooManyWrongCodes = SupabaseFailure.api(status: 429, code: "over_request_rate_limit", message: "Request rate limit reached")
    static func badIDToken(_ description: String = "Bad ID token") -> SupabaseFailure {
        .oauth(error: "invalid request", description: description)
    }
    static let nonceEitherBoth = SupabaseFailure.oauth(
        error: "invalid request", description: "Passed nonce and nonce in id_token should either both exist or not.")
    static let nonceMismatch = SupabaseFailure.oauth(error: "invalid nonce", description: "Nonces mismatch")
    /// The storage failed (GoTrue's answer when its database does: 500 "Database error …").
    static let databaseError = SupabaseFailure.api(
        status: 500, code: "unexpected_failure", message: "Database error: the emulator's storage failed")
}

/// The refusals of email + password accounts (GoTrue internal/api/token.go and signup.go).
extension SupabaseFailure {
    static let invalidCredentials = SupabaseFailure.api(status: 400, code: "invalid_credentials", message: "Invalid login credentials")
    static let emailNotConfirmed = SupabaseFailure.api(status: 400, code: "email_not_confirmed", message: "Email not confirmed")
    static let userAlreadyExists = SupabaseFailure.api(status: 422, code: "user_already_exists", message: "User already registered")
    static let loginUserBanned = SupabaseFailure.api(status: 400, code: "user_banned", message: "User is banned")
}

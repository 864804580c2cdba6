import AuthData

/// The refusals of GoTrue's passkey routes (internal/api/passkey_*.go,
/// internal/api/apierrors/errorcode.go), with GoTrue's statuses, codes and messages.
extension SupabaseFailure {
    static let passkeyDisabled = SupabaseFailure.api(status: 404, code: "passkey_disabled", message: "Passkeys are disabled")
    /// `requireNotAnonymous` (internal/api/auth.go).
    static let anonymousNotAllowed = SupabaseFailure.api(
        status: 403, code: "no_authorization", message: "Anonymous user not allowed to perform these actions")
    static let tooManyPasskeys = SupabaseFailure.api(status: 422, code: "too_many_passkeys", message: "Maximum number of passkeys reached")
    static let challengeIDRequired = SupabaseFailure.validation("challenge_id is required")
    static let credentialRequired = SupabaseFailure.validation("credential is required")
    static let challengeIDNotUUID = SupabaseFailure.validation("challenge_id must be a valid UUID")
    static let webAuthnChallengeNotFound = SupabaseFailure.api(
        status: 400, code: "webauthn_challenge_not_found", message: "Challenge not found or already used")
    static let webAuthnChallengeExpired = SupabaseFailure.api(
        status: 400, code: "webauthn_challenge_expired",
        message: "Challenge has expired")
    static let invalidCredentialResponse = SupabaseFailure.api(
        status: 400, code: "webauthn_verification_failed", message: "Invalid credential response")
    static let credentialVerificationFailed = SupabaseFailure.api(
        status: 400, code: "webauthn_verification_failed", message: "Credential verification failed")
    static let webAuthnCredentialExists = SupabaseFailure.api(
        status: 422, code: "webauthn_credential_exists", message: "This credential is already registered")
    static let passkeyNotFound = SupabaseFailure.api(status: 404, code: "validation_failed", message: "Passkey not found")
    static let friendlyNameRequired = SupabaseFailure.validation("friendly_name is required")
    static let friendlyNameTooLong = SupabaseFailure.validation("friendly_name must be 120 characters or less")
    /// `PasskeyAuthenticationVerify`: a passkey sign-in by a user whose email is not confirmed
    /// is 403 (the password grant's is 400).
    static let passkeyEmailNotConfirmed = SupabaseFailure.api(status: 403, code: "email_not_confirmed", message: "Email not confirmed")
}

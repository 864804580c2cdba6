import AuthData

/// The refusals of the Identity Toolkit's passkey methods, by the codes Firebase's SDKs map
/// (`ERROR_INVALID_AUTHENTICATOR_RESPONSE`, `ERROR_PASSKEY_ENROLLMENT_NOT_FOUND` in
/// firebase-auth for Android) and firebase-tools' operations.ts (`MISSING_AUTHENTICATOR_RESPONSE`,
/// `CREDENTIAL_ALREADY_IN_USE`).
extension FirebaseFailure {
    static let missingAuthenticatorResponse = code("MISSING_AUTHENTICATOR_RESPONSE")
    static let invalidAuthenticatorResponse = code("INVALID_AUTHENTICATOR_RESPONSE")
    static let passkeyEnrollmentNotFound = code("PASSKEY_ENROLLMENT_NOT_FOUND")
    static let credentialAlreadyInUse = code("CREDENTIAL_ALREADY_IN_USE")
    static let tooManyPasskeys = code("QUOTA_EXCEEDED", "a user holds at most the project's passkey bound (an emulator bound)")
}

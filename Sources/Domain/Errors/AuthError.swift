import Foundation

/// Every way signing in, keeping a session or managing an account can fail.
///
/// The one error type of the domain layer: adapters map their own failures (HTTP status, wire
/// error codes, provider error codes) into it. `description` is for developers; the text users
/// see comes from the presentation layer. Secrets never appear in it.
public enum AuthError: Error, Hashable, Sendable {
    /// The user dismissed the sign-in sheet. Not an error to show.
    case cancelled
    /// The credential was refused (wrong provider, malformed, replayed).
    case invalidCredential(String)
    /// The provider returned no identity token.
    case missingIdentityToken
    /// The identity token failed verification (signature, issuer, audience, expiry, claims).
    case invalidIdentityToken(String)
    /// A nonce was expected on one side (the request or the token) and missing on the other.
    case missingNonce
    /// The token's nonce is not the SHA-256 of the raw nonce sent with it.
    case nonceMismatch
    /// The provider could not authorize (Apple `failed`/`invalidResponse`/`unknown`).
    case authorizationFailed(String)
    /// The provider did not handle the request (Apple `notHandled`).
    case notHandled
    /// The provider does not exist on this platform (for example Apple's sheet on Linux).
    case providerUnavailable(ProviderID)
    /// No strategy is registered for the provider.
    case noStrategyRegistered(ProviderID)
    /// The network failed or the service is temporarily unreachable; worth retrying.
    case network(String)
    /// The account is disabled or banned.
    case accountDisabled
    /// An account with this email already exists and signs in another way (Firebase
    /// `needConfirmation`).
    case accountExistsWithDifferentCredential(email: String?, providers: [ProviderID])
    /// An account with the identity's email exists and signs in another way, and the backend
    /// handed back the identity's credential: sign in the way the account knows (with
    /// ``LoginCredential/passwordLinking(email:password:link:)`` for a password), and the identity
    /// is linked then.
    case accountExists(PendingLink)
    /// The first factor succeeded but the backend answers no session until a second factor's code
    /// (Firebase's `mfaPendingCredential` and `mfaInfo`). ``LoginUseCase`` turns it into
    /// ``LoginOutcome/secondFactorRequired(_:)``; other callers continue with
    /// ``SecondFactorBackend/completeSecondFactorSignIn(_:code:pending:)``.
    case secondFactorRequired(PendingSecondFactor)
    /// The provider identity already belongs to another account. `recovery`, when present, is the
    /// credential the backend handed back to sign in to that account instead (Firebase), so the
    /// spent provider token is not sent again.
    case credentialAlreadyInUse(BackendError, recovery: IDTokenCredential?)
    /// Too many requests; `retryAfter` seconds until the next may succeed, when known.
    case rateLimited(retryAfter: TimeInterval?)
    /// The provider is the account's only way in and cannot be removed.
    case lastSignInMethod(ProviderID)
    /// The one-time code has expired.
    case codeExpired
    /// The one-time code is wrong (Supabase also answers this for an expired code).
    case codeInvalid
    /// The session has expired or was revoked; the user must sign in again.
    case sessionExpired(String)
    /// There is no signed-in user.
    case notSignedIn
    /// The backend wants a fresh sign-in before this operation (account deletion).
    case requiresRecentLogin
    /// The app requires a new sign-up to accept its terms, and they were declined (the new
    /// account was undone) or not given where nobody can be asked.
    case termsNotAccepted
    /// The terms were declined but the new account could not be deleted (the reason is kept):
    /// it stays on the backend, this device is signed out, and a later sign-in reads as a
    /// returning user.
    case termsDeclinedAccountKept(String)
    /// The email address is malformed.
    case invalidEmail(String)
    /// The address and password do not match an account (GoTrue `invalid_credentials`, Firebase
    /// `INVALID_LOGIN_CREDENTIALS`); which of the two was wrong is not revealed.
    case invalidLoginCredentials
    /// The password matched but the address is not confirmed yet (GoTrue `email_not_confirmed`).
    case emailNotConfirmed
    /// The password does not meet the project's policy: GoTrue's `weak_password` `reasons`
    /// (`length`, `characters`, `pwned`) or Firebase's `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`
    /// and `WEAK_PASSWORD`, with the server's message.
    case weakPassword(reasons: [String], message: String)
    /// The address already belongs to an account (GoTrue `email_exists`/`user_already_exists`,
    /// Firebase `EMAIL_EXISTS`).
    case emailInUse
    /// The backend wants the code ``PasswordAuthBackend/requestReauthentication(accessToken:)``
    /// mails before changing the password (GoTrue `reauthentication_needed`).
    case reauthenticationRequired
    /// A value the caller passed is unusable (empty name, unknown option).
    case invalidInput(String)
    /// The session could not be read or written locally.
    case storage(String)
    /// The backend refused the request; its code and message are kept.
    case backend(BackendError)

    /// Whether retrying later may succeed without the user doing anything: network failures,
    /// rate limits and server-side (5xx, 408) errors. A transient failure never ends a session.
    public var isTransient: Bool {
        switch self {
        case .network, .rateLimited: true
        case .backend(let error): error.isServerFailure
        default: false
        }
    }

    /// Whether the failure proves the session is over (revoked, expired, user gone or disabled),
    /// so the stored session must be cleared.
    public var endsSession: Bool {
        switch self {
        case .sessionExpired, .accountDisabled: true
        default: false
        }
    }
}

extension AuthError: CustomStringConvertible {
    /// A developer-facing explanation; never contains a secret.
    public var description: String {
        switch self {
        case .cancelled: "the user cancelled the sign-in"
        case .invalidCredential(let reason): "invalid credential: \(reason)"
        case .missingIdentityToken: "the provider returned no identity token"
        case .invalidIdentityToken(let reason): "invalid identity token: \(reason)"
        case .missingNonce: "a nonce is missing on one side of the exchange"
        case .nonceMismatch: "the token nonce does not match the SHA-256 of the raw nonce"
        case .authorizationFailed(let reason): "authorization failed: \(reason)"
        case .notHandled: "the authorization request was not handled"
        case .providerUnavailable(let provider): "\(provider) sign-in is not available on this platform"
        case .noStrategyRegistered(let provider): "no sign-in strategy is registered for \(provider)"
        case .network(let reason): "network failure: \(reason)"
        case .accountDisabled: "the account is disabled"
        case .accountExistsWithDifferentCredential(let email, let providers):
            "an account for \(email ?? "this email") already exists; sign in with \(providers.map(\.rawValue).joined(separator: ", "))"
        case .accountExists(let pending):
            "an account for \(pending.email ?? "this email") already exists; sign in with "
                + pending.providers.map(\.rawValue).joined(separator: ", ") + " to link \(pending.credential.provider)"
        case .secondFactorRequired(let pending):
            "a second factor is required to finish the \(pending.provider) sign-in (\(pending.factors.count) factor(s))"
        case .credentialAlreadyInUse(let error, let recovery):
            "this identity belongs to another account (\(error.code))" + (recovery == nil ? "" : "; a recovery credential was returned")
        case .rateLimited(let retryAfter):
            retryAfter.map { "rate limited; retry after \(Int(exactly: min(max($0, 0), 1e9).rounded(.up)) ?? 0) s" } ?? "rate limited"
        case .lastSignInMethod(let provider): "\(provider) is the account's only way in and cannot be unlinked"
        case .codeExpired: "the one-time code has expired"
        case .codeInvalid: "the one-time code is invalid"
        case .sessionExpired(let reason): "the session has expired or was revoked: \(reason)"
        case .notSignedIn: "no user is signed in"
        case .requiresRecentLogin: "the backend requires a recent sign-in"
        case .termsNotAccepted: "the terms were not accepted; a new account must accept them"
        case .termsDeclinedAccountKept(let reason): "the terms were declined but the new account could not be deleted: \(reason)"
        case .invalidEmail(let email): "malformed email address: \(email)"
        case .invalidLoginCredentials: "the email address or password is wrong"
        case .emailNotConfirmed: "the email address is not confirmed yet"
        case .weakPassword(let reasons, let message):
            "the password is too weak" + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))") + ": \(message)"
        case .emailInUse: "the email address already belongs to an account"
        case .reauthenticationRequired: "the backend wants the mailed reauthentication code first"
        case .invalidInput(let reason): "invalid input: \(reason)"
        case .storage(let reason): "session storage failed: \(reason)"
        case .backend(let error): "backend error \(error)"
        }
    }
}

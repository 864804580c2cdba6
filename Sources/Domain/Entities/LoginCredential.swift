/// What the user chose on the sign-in screen.
///
/// ```swift
/// try await login.execute(with: .social(.apple))
/// try await login.execute(with: .emailCodeRequest(email: "ada@example.com"))   // sends a code
/// try await login.execute(with: .emailCode(email: "ada@example.com", code: "123456"))
/// try await login.execute(with: .password(email: "ada@example.com", password: Secret(typed)))
/// try await login.execute(with: .passkey)
/// ```
public enum LoginCredential: Hashable, Sendable {
    /// Sign in with an identity provider (Apple, Google).
    case social(ProviderID)
    /// Continue as a guest.
    case anonymous
    /// Send a one-time code to this address (the first step of the email code sign-in).
    case emailCodeRequest(email: String)
    /// Verify the one-time code sent to this address.
    case emailCode(email: String, code: Secret)
    /// Sign in with an email address and its password.
    case password(email: String, password: Secret)
    /// Sign in with a password, then link the identity a backend refused for this account
    /// (``AuthError/accountExists(_:)``).
    case passwordLinking(email: String, password: Secret, link: PendingLink)
    /// Create an email + password account (with a name and metadata); ends signed in, or
    /// waiting for the emailed confirmation when the backend requires it.
    case passwordSignUp(PasswordSignUp)
    /// Mail a password-recovery code (and link) to this address.
    case passwordRecovery(email: String)
    /// Finish a recovery with the mailed code or link, setting a new password; ends signed in.
    case passwordReset(PasswordReset)
    /// Sign in with a passkey the authenticator chooses (discoverable: no username).
    case passkey

    /// The provider whose strategy handles this credential.
    public var provider: ProviderID {
        switch self {
        case .social(let provider): provider
        case .anonymous: .anonymous
        case .emailCodeRequest, .emailCode: .emailCode
        case .password, .passwordLinking, .passwordSignUp, .passwordRecovery, .passwordReset: .password
        case .passkey: .passkey
        }
    }
}

extension LoginCredential {
    /// The earlier name of ``emailCodeRequest(email:)``.
    /// - Parameter email: The address the code goes to.
    /// - Returns: ``emailCodeRequest(email:)``.
    @available(*, deprecated, renamed: "emailCodeRequest(email:)")
    public static func emailOTP(email: String) -> LoginCredential { .emailCodeRequest(email: email) }
}

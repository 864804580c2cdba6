/// What the user chose on the sign-in screen.
///
/// ```swift
/// try await login.execute(with: .social(.apple))
/// try await login.execute(with: .emailOTP(email: "ada@example.com"))          // sends a code
/// try await login.execute(with: .emailCode(email: "ada@example.com", code: "123456"))
/// ```
public enum LoginCredential: Hashable, Sendable {
    /// Sign in with an identity provider (Apple, Google).
    case social(ProviderID)
    /// Continue as a guest.
    case anonymous
    /// Send a one-time code to this address.
    case emailOTP(email: String)
    /// Verify the one-time code sent to this address.
    case emailCode(email: String, code: Secret)

    /// The provider whose strategy handles this credential.
    public var provider: ProviderID {
        switch self {
        case .social(let provider): provider
        case .anonymous: .anonymous
        case .emailOTP, .emailCode: .emailOTP
        }
    }
}

import AuthDomain
import Foundation

/// Sign-in with a code sent by email, in two steps: ``LoginCredential/emailCodeRequest(email:)``
/// sends the code, ``LoginCredential/emailCode(email:code:)`` verifies it.
///
/// Supabase sends a 6-digit OTP; Firebase, which has no email OTP, sends an email-link
/// sign-in code (the `oobCode` of the link), which is what the user passes as `code`.
public struct EmailCodeAuthStrategy: SocialAuthStrategyProviding {
    private let backend: any AuthBackend

    /// `.emailCode`.
    public var provider: ProviderID { .emailCode }

    /// Creates the strategy.
    /// - Parameter backend: The auth backend.
    public init(backend: any AuthBackend) { self.backend = backend }

    /// Sends a code, or verifies one.
    /// - Parameter credential: `.emailCodeRequest(email:)` or `.emailCode(email:code:)`.
    /// - Returns: ``SignInOutcome/codeSent(_:)`` or the signed-in result.
    /// - Throws: ``AuthError``: `invalidEmail`, `codeInvalid`, `codeExpired`, `rateLimited`, …
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        switch credential {
        case .emailCodeRequest(let email):
            return .codeSent(try await backend.sendEmailCode(to: try EmailAddress.normalized(email)))
        case .emailCode(let email, let code):
            let trimmed = code.revealed.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw .codeInvalid }
            let address = try EmailAddress.normalized(email)
            let response = try await backend.verifyEmailCode(Secret(trimmed), email: address)
            return .authenticated(
                AuthenticationResult(
                    user: response.user, credential: AuthCredential(provider: .emailCode),
                    session: response.session, isNewUser: response.isNewUser,
                    providerProfile: ProviderProfile(email: address)))
        default:
            throw .invalidInput("email sign-in cannot handle \(credential.provider)")
        }
    }
}

/// The earlier name of ``EmailCodeAuthStrategy``.
@available(*, deprecated, renamed: "EmailCodeAuthStrategy")
public typealias EmailOTPAuthStrategy = EmailCodeAuthStrategy

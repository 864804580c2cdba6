/// One way of signing in (Apple, Google, anonymous, email code), registered with the
/// coordinator under its ``provider``.
public protocol SocialAuthStrategyProviding: Sendable {
    /// The provider this strategy handles.
    var provider: ProviderID { get }

    /// Runs the sign-in.
    /// - Parameter credential: What the user chose; its ``LoginCredential/provider`` equals
    ///   ``provider``.
    /// - Returns: The signed-in result, or a sent code for the email flow's first step.
    /// - Throws: ``AuthError``.
    func signIn(with credential: LoginCredential) async throws -> SignInOutcome

    /// Adds this provider's identity to the account signed in with `accessToken`.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user, now with this provider.
    /// - Throws: ``AuthError``; `invalidInput` for providers that cannot be linked.
    func link(toAccountWith accessToken: Secret) async throws -> AuthenticationResult
}

extension SocialAuthStrategyProviding {
    /// Providers that cannot be linked (anonymous, email code) refuse.
    /// - Parameter accessToken: Unused.
    /// - Returns: Never.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func link(toAccountWith accessToken: Secret) async throws -> AuthenticationResult {
        throw AuthError.invalidInput("\(provider) cannot be linked to an existing account")
    }
}

/// The outcome of a sign-in step.
public enum SignInOutcome: Hashable, Sendable {
    /// The user is signed in.
    case authenticated(AuthenticationResult)
    /// A one-time code was sent; verify it with ``LoginCredential/emailCode(email:code:)``.
    case codeSent(EmailCodeChallenge)
}

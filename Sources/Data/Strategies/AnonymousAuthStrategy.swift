import AuthDomain

/// A guest account: the backend creates an anonymous user, which can later link Apple or
/// Google and keep its id.
public struct AnonymousAuthStrategy: SocialAuthStrategyProviding {
    private let backend: any AuthBackend

    /// `.anonymous`.
    public var provider: ProviderID { .anonymous }

    /// Creates the strategy.
    /// - Parameter backend: The auth backend.
    public init(backend: any AuthBackend) { self.backend = backend }

    /// Creates and signs in a guest account.
    /// - Parameter credential: `.anonymous`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        guard credential == .anonymous else { throw .invalidInput("anonymous sign-in cannot handle \(credential.provider)") }
        let response = try await backend.signInAnonymously()
        return .authenticated(
            AuthenticationResult(
                user: response.user, credential: AuthCredential(provider: .anonymous),
                session: response.session, isNewUser: response.isNewUser))
    }
}

import AuthDomain

/// Signs in with a passkey (``LoginCredential/passkey``): the backend opens a discoverable
/// ceremony, the authenticator picks one of its passkeys for the relying party and signs, the
/// backend verifies it and answers a session. Registering, listing, renaming and deleting
/// passkeys are the signed-in user's, through ``PasskeyUseCase``.
public struct PasskeyAuthStrategy: SocialAuthStrategyProviding {
    private let passkeys: PasskeyUseCase

    /// `.passkey`.
    public var provider: ProviderID { .passkey }

    /// Creates the strategy.
    /// - Parameters:
    ///   - backend: The service's passkey routes.
    ///   - authenticator: The authenticator (the system's on a device, the software one in `login`).
    public init(backend: any PasskeyBackend, authenticator: any PasskeyAuthenticating) {
        passkeys = PasskeyUseCase(backend: backend, authenticator: authenticator)
    }

    /// Runs the ceremony.
    /// - Parameter credential: `.passkey`.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``: `cancelled` when the user dismissed the authenticator or it holds
    ///   no passkey for the relying party, or the service's refusal.
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        guard credential == .passkey else { throw .invalidInput("passkey sign-in cannot handle \(credential.provider)") }
        return .authenticated(try await passkeys.signIn())
    }
}

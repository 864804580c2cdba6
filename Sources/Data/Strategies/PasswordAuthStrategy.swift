import AuthDomain

/// Email + password: sign-in, sign-up (ending signed in, or in a sent confirmation), and password
/// recovery (``LoginCredential/passwordRecovery(email:)`` mails a code and link,
/// ``LoginCredential/passwordReset(_:)`` finishes with either and signs in).
///
/// Addresses are normalised and checked before anything is sent; a password must be non-empty
/// and at most ``maximumPasswordBytes`` of UTF-8 (the backends' own limits, such as GoTrue's
/// 72 bytes, come back as their errors).
///
/// ```swift
/// await coordinator.register(PasswordAuthStrategy(backend: supabaseBackend))
/// try await coordinator.signIn(with: .password(email: "ada@example.com", password: Secret(typed)))
/// ```
public struct PasswordAuthStrategy: SocialAuthStrategyProviding {
    /// The longest password sent, in UTF-8 bytes: a bound on input, far above every policy.
    public static let maximumPasswordBytes = 4096

    private let backend: any PasswordAuthBackend & AuthBackend

    /// `.password`.
    public var provider: ProviderID { .password }

    /// Creates the strategy.
    /// - Parameter backend: The backend (its password side, and linking for a pending identity).
    public init(backend: any PasswordAuthBackend & AuthBackend) { self.backend = backend }

    /// Runs a password step.
    /// - Parameter credential: `.password`, `.passwordLinking` (then the pending identity is
    ///   linked), `.passwordSignUp`, `.passwordRecovery` or `.passwordReset`.
    /// - Returns: Signed in, or ``SignInOutcome/mailSent(_:kind:)``.
    /// - Throws: ``AuthError``: `invalidEmail`, `invalidInput` (empty or oversized password),
    ///   `invalidLoginCredentials`, `emailNotConfirmed`, `weakPassword`, `codeInvalid`, …
    public func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
        switch credential {
        case .password(let email, let password):
            let address = try EmailAddress.normalized(email)
            try Self.check(password)
            return .authenticated(result(try await backend.signIn(email: address, password: password), email: address))
        case .passwordLinking(let email, let password, let link):
            let address = try EmailAddress.normalized(email)
            try Self.check(password)
            let signedIn = try await backend.signIn(email: address, password: password)
            let linked = try await backend.link(link.credential, accessToken: signedIn.session.accessToken)
            return .authenticated(result(linked, email: address))
        case .passwordSignUp(var signUp):
            signUp.email = try EmailAddress.normalized(signUp.email)
            try Self.check(signUp.password)
            switch try await backend.signUp(signUp) {
            case .signedIn(let signIn): return .authenticated(result(signIn, email: signUp.email))
            case .confirmationSent(let challenge): return .mailSent(challenge, kind: .signUpConfirmation)
            }
        case .passwordRecovery(let email):
            return .mailSent(try await backend.sendPasswordRecovery(to: try EmailAddress.normalized(email)), kind: .passwordRecovery)
        case .passwordReset(var reset):
            reset.email = try EmailAddress.normalized(reset.email)
            try Self.check(reset.newPassword)
            let proof = reset.proof.secret.revealed.trimmingASCIIWhitespace()
            guard !proof.isEmpty else { throw .codeInvalid }
            reset.proof = if case .code = reset.proof { .code(Secret(proof)) } else { .linkToken(Secret(proof)) }
            return .authenticated(result(try await backend.resetPassword(reset), email: reset.email))
        default:
            throw .invalidInput("password sign-in cannot handle \(credential.provider)")
        }
    }

    /// Refuses an empty or oversized password before it is sent.
    /// - Parameter password: The password.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public static func check(_ password: Secret) throws(AuthError) {
        guard !password.isEmpty else { throw .invalidInput("the password is empty") }
        guard password.revealed.utf8.count <= maximumPasswordBytes else {
            throw .invalidInput("the password is longer than \(maximumPasswordBytes) bytes")
        }
    }

    private func result(_ signIn: BackendSignIn, email: String) -> AuthenticationResult {
        AuthenticationResult(
            user: signIn.user, credential: AuthCredential(provider: .password), session: signIn.session,
            isNewUser: signIn.isNewUser, providerProfile: ProviderProfile(email: email))
    }
}

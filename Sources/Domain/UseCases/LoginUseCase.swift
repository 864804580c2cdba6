/// Signs a user in and decides where they go next.
///
/// ```swift
/// let login = LoginUseCase(coordinator: coordinator, router: router)
/// switch try await login.execute(with: .social(.apple)) {
/// case .signedIn(let result, let destination): show(destination, for: result.user)
/// case .codeSent(let challenge): askForCode(sentTo: challenge.email)
/// }
/// ```
public struct LoginUseCase: Sendable {
    private let coordinator: any AuthenticationCoordinating
    private let router: PostAuthRouter
    private let requiresTermsAcceptance: Bool

    /// Creates the use case.
    /// - Parameters:
    ///   - coordinator: The sign-in hub.
    ///   - router: Picks the destination after sign-in.
    ///   - requiresTermsAcceptance: Whether the terms must be accepted before a social or
    ///     anonymous sign-in starts.
    public init(coordinator: any AuthenticationCoordinating, router: PostAuthRouter, requiresTermsAcceptance: Bool) {
        self.coordinator = coordinator
        self.router = router
        self.requiresTermsAcceptance = requiresTermsAcceptance
    }

    /// Runs one sign-in step.
    /// - Parameters:
    ///   - credential: What the user chose.
    ///   - termsAccepted: Whether the user accepted the terms on this screen.
    /// - Returns: The signed-in result with its destination, or a sent code.
    /// - Throws: ``AuthError``; `termsNotAccepted` before anything starts when the terms are
    ///   required and not accepted.
    public func execute(with credential: LoginCredential, termsAccepted: Bool) async throws(AuthError) -> LoginOutcome {
        if requiresTermsAcceptance && !termsAccepted && credential.startsNewSignIn {
            throw AuthError.termsNotAccepted
        }
        switch try await coordinator.signIn(with: credential) {
        case .codeSent(let challenge):
            return .codeSent(challenge)
        case .authenticated(let result):
            return .signedIn(result, destination: try await router.destination(for: result.user))
        }
    }
}

extension LoginUseCase {
    /// Creates the use case for an app that does not ask for terms acceptance.
    /// - Parameters:
    ///   - coordinator: The sign-in hub.
    ///   - router: Picks the destination after sign-in.
    public init(coordinator: any AuthenticationCoordinating, router: PostAuthRouter) {
        self.init(coordinator: coordinator, router: router, requiresTermsAcceptance: false)
    }

    /// Runs one sign-in step without terms acceptance.
    /// - Parameter credential: What the user chose.
    /// - Returns: The signed-in result with its destination, or a sent code.
    /// - Throws: ``AuthError``.
    public func execute(with credential: LoginCredential) async throws(AuthError) -> LoginOutcome {
        try await execute(with: credential, termsAccepted: false)
    }
}

/// The outcome of a login step.
public enum LoginOutcome: Hashable, Sendable {
    /// Signed in; go to `destination`.
    case signedIn(AuthenticationResult, destination: Destination)
    /// A code was sent; ask for it.
    case codeSent(EmailCodeChallenge)
}

extension LoginCredential {
    /// Whether this step starts a sign-in (verifying a code continues one already started).
    var startsNewSignIn: Bool {
        if case .emailCode = self { return false }
        return true
    }
}

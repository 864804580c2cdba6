/// Signs a user in and decides where they go next.
///
/// ```swift
/// let login = LoginUseCase(coordinator: coordinator, router: router)
/// switch try await login.execute(with: .social(.apple)) {
/// case .signedIn(let result, let destination): show(destination, for: result.user)
/// case .codeSent(let challenge): askForCode(sentTo: challenge.email)
/// case .termsRequired(let pending): askForTerms(then: pending) // acceptTerms(for:) or declineTerms(for:)
/// case .secondFactorRequired(let pending): askForCode(of: pending.factors) // verifySecondFactor(code:factorID:for:)
/// }
/// ```
public struct LoginUseCase: Sendable {
    private let coordinator: any AuthenticationCoordinating
    private let router: PostAuthRouter
    private let requiresTermsAcceptance: Bool
    private let secondFactor: (any SecondFactorStepUp)?

    /// Creates the use case.
    /// - Parameters:
    ///   - coordinator: The sign-in hub.
    ///   - router: Picks the destination after sign-in.
    ///   - requiresTermsAcceptance: Whether a new sign-up must accept the terms: when the backend
    ///     answers that it created the account and the terms were not accepted beforehand, the
    ///     outcome is ``LoginOutcome/termsRequired(_:)``. Returning users are never asked.
    ///   - secondFactor: Asked after every first factor whether a second one is needed (then the
    ///     outcome is ``LoginOutcome/secondFactorRequired(_:)``), or `nil` for a backend without
    ///     second factors.
    public init(
        coordinator: any AuthenticationCoordinating, router: PostAuthRouter, requiresTermsAcceptance: Bool,
        secondFactor: (any SecondFactorStepUp)?
    ) {
        self.coordinator = coordinator
        self.router = router
        self.requiresTermsAcceptance = requiresTermsAcceptance
        self.secondFactor = secondFactor
    }

    /// Runs one sign-in step.
    /// - Parameters:
    ///   - credential: What the user chose.
    ///   - termsAccepted: Whether the user accepted the terms on this screen beforehand (then a
    ///     new sign-up is not asked again).
    /// - Returns: The signed-in result with its destination, a sent code, for an account with a
    ///   verified second factor ``LoginOutcome/secondFactorRequired(_:)``, or, for a new sign-up
    ///   that has not accepted the terms, ``LoginOutcome/termsRequired(_:)``.
    /// - Throws: ``AuthError``.
    public func execute(with credential: LoginCredential, termsAccepted: Bool) async throws(AuthError) -> LoginOutcome {
        let outcome: SignInOutcome
        do throws(AuthError) {
            outcome = try await coordinator.signIn(with: credential)
        } catch .secondFactorRequired(let pending) {
            guard secondFactor != nil else { throw .secondFactorRequired(pending) }
            return .secondFactorRequired(pending)
        }
        switch outcome {
        case .codeSent(let challenge):
            return .codeSent(challenge)
        case .mailSent(let challenge, let kind):
            return .mailSent(challenge, kind: kind)
        case .authenticated(let result):
            if let pending = try await secondFactor?.pendingSecondFactor(after: result) {
                return .secondFactorRequired(pending)
            }
            if requiresTermsAcceptance && !termsAccepted && result.isNewUser {
                return .termsRequired(PendingTermsAcceptance(result: result))
            }
            return .signedIn(result, destination: try await router.destination(for: result.user))
        }
    }

    /// Completes a sign-in that waits for a second factor: verifies the code and goes on to the
    /// router's destination with the raised (`aal2`) session.
    /// - Parameters:
    ///   - code: What the user typed.
    ///   - factorID: The factor the code is of (one of `pending.factors`).
    ///   - pending: What ``LoginOutcome/secondFactorRequired(_:)`` held.
    /// - Returns: ``LoginOutcome/signedIn(_:destination:)``.
    /// - Throws: ``AuthError``: a wrong code leaves `pending` standing, to try again;
    ///   `invalidInput` when this use case has no second-factor step.
    public func verifySecondFactor(
        code: Secret, factorID: String, for pending: PendingSecondFactor
    ) async throws(AuthError) -> LoginOutcome {
        guard let secondFactor else { throw .invalidInput("this login has no second-factor step") }
        let result = try await secondFactor.verify(code: code, factorID: factorID, for: pending)
        return .signedIn(result, destination: try await router.destination(for: result.user))
    }

    /// The new user accepted the terms: the sign-in goes on to the router's destination.
    /// - Parameter pending: What ``LoginOutcome/termsRequired(_:)`` held.
    /// - Returns: ``LoginOutcome/signedIn(_:destination:)``.
    /// - Throws: ``AuthError`` from the router.
    public func acceptTerms(for pending: PendingTermsAcceptance) async throws(AuthError) -> LoginOutcome {
        .signedIn(pending.result, destination: try await router.destination(for: pending.result.user))
    }

    /// The new user declined the terms: the account the sign-in just created is undone through
    /// ``AuthenticationCoordinating/deleteAccount()`` (Apple's tokens revoked first, the user
    /// deleted on the backend, the local session cleared), so a later try is a new sign-up again
    /// and is asked again.
    /// - Parameter pending: What ``LoginOutcome/termsRequired(_:)`` held.
    /// - Throws: ``AuthError``: `cancelled` when a sheet the deletion needs was dismissed (nothing
    ///   changed; the question still stands); `termsDeclinedAccountKept` when the backend could
    ///   not delete the account (it stays, signed out here, and a later sign-in reads as a
    ///   returning user).
    public func declineTerms(for pending: PendingTermsAcceptance) async throws(AuthError) {
        guard await coordinator.currentUser()?.id == pending.result.user.id else {
            throw .termsDeclinedAccountKept("the new account's session is no longer on this device")
        }
        do throws(AuthError) {
            try await coordinator.deleteAccount()
        } catch .cancelled {
            throw .cancelled
        } catch {
            try? await coordinator.signOut(scope: .local)
            throw .termsDeclinedAccountKept(error.description)
        }
    }
}

extension LoginUseCase {
    /// Creates the use case without a second-factor step.
    /// - Parameters:
    ///   - coordinator: The sign-in hub.
    ///   - router: Picks the destination after sign-in.
    ///   - requiresTermsAcceptance: Whether a new sign-up must accept the terms.
    public init(coordinator: any AuthenticationCoordinating, router: PostAuthRouter, requiresTermsAcceptance: Bool) {
        self.init(coordinator: coordinator, router: router, requiresTermsAcceptance: requiresTermsAcceptance, secondFactor: nil)
    }

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

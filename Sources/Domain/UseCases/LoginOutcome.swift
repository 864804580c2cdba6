/// The outcome of a login step.
public enum LoginOutcome: Hashable, Sendable {
    /// Signed in; go to `destination`.
    case signedIn(AuthenticationResult, destination: Destination)
    /// A code was sent; ask for it.
    case codeSent(EmailCodeChallenge)
    /// The backend created a new account and the app requires its terms, which were not accepted
    /// beforehand: ask, then call ``LoginUseCase/acceptTerms(for:)`` or
    /// ``LoginUseCase/declineTerms(for:)``. The account exists and is signed in until then.
    case termsRequired(PendingTermsAcceptance)
    /// A mail the user must act on was sent (``SignInOutcome/mailSent(_:kind:)``): a sign-up
    /// waiting for its confirmation, or a password recovery.
    case mailSent(EmailCodeChallenge, kind: EmailMessageKind)
    /// The first factor succeeded and the account has a verified second factor: ask for a code,
    /// then call ``LoginUseCase/verifySecondFactor(code:factorID:for:)``.
    case secondFactorRequired(PendingSecondFactor)
}

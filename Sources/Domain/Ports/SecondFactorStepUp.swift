/// The sign-in's second step: tells whether a first factor's result still needs a second factor,
/// and verifies the code that completes it. ``LoginUseCase`` asks it after every first factor.
/// Adapter: `BackendSecondFactorStepUp` (AuthData), over a ``SecondFactorBackend`` and the
/// session manager.
public protocol SecondFactorStepUp: Sendable {
    /// Whether the result is below the level the user has (an `aal1` session of a user with a
    /// verified factor).
    /// - Parameter result: A first factor's result.
    /// - Returns: The pending step, or `nil` when nothing more is needed.
    /// - Throws: ``AuthError`` when the factors cannot be read.
    func pendingSecondFactor(after result: AuthenticationResult) async throws(AuthError) -> PendingSecondFactor?

    /// Verifies a code and keeps the raised session in place of the first factor's.
    /// - Parameters:
    ///   - code: The six digits the authenticator app shows.
    ///   - factorID: The factor the code is of (one of `pending.factors`).
    ///   - pending: The step ``pendingSecondFactor(after:)`` gave.
    /// - Returns: The result with the `aal2` session.
    /// - Throws: ``AuthError``: a wrong, reused or malformed code (the step stays; the user may
    ///   try again), `notSignedIn` when the first factor's session is no longer kept.
    func verify(code: Secret, factorID: String, for pending: PendingSecondFactor) async throws(AuthError) -> AuthenticationResult
}

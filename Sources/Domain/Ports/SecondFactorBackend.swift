/// The backend's second factors (TOTP) for the signed-in user: enrol, list, remove, and verify a
/// code, which raises the session to ``AssuranceLevel/aal2``, or finish a sign-in that waits for
/// one. Adapters: `SupabaseAuthBackend` (GoTrue's `/factors` routes) and `FirebaseAuthBackend`
/// (Identity Toolkit v2 `accounts/mfaEnrollment` and `accounts/mfaSignIn`), each over HTTP or in
/// process.
///
/// ```swift
/// let enrollment = try await backend.enrollTOTP(friendlyName: "iPhone", issuer: "Example", session: session)
/// show(enrollment.qrCodeSVG, enrollment.secret)          // the user scans it
/// let raised = try await backend.verifySecondFactor(enrollment.factor.id, code: typed, session: session)
/// assert(raised.isAAL2)
/// ```
public protocol SecondFactorBackend: Sendable {
    /// Starts a TOTP enrolment.
    /// - Parameters:
    ///   - friendlyName: The user's name for the factor (unique per user), or `nil`.
    ///   - issuer: Who the codes are for, or `nil` for the backend's default.
    ///   - session: The signed-in session.
    /// - Returns: What the app shows; the factor is not verified yet.
    /// - Throws: ``AuthError``: the backend's refusal (an anonymous user, too many factors, a
    ///   session below `aal2` when a factor is already verified).
    func enrollTOTP(friendlyName: String?, issuer: String?, session: AuthSession) async throws(AuthError) -> SecondFactorEnrollment

    /// The user's factors, verified or not.
    /// - Parameter session: The signed-in session.
    /// - Returns: The factors, oldest first.
    /// - Throws: ``AuthError``.
    func secondFactors(session: AuthSession) async throws(AuthError) -> [SecondFactor]

    /// Verifies a code of a factor: activates a new factor, or steps a first-factor session up.
    /// - Parameters:
    ///   - factorID: The factor.
    ///   - code: The six digits the authenticator app shows.
    ///   - session: The signed-in session.
    /// - Returns: The `aal2` session that replaces `session`.
    /// - Throws: ``AuthError``: a wrong, reused or malformed code (the user may try again).
    func verifySecondFactor(_ factorID: String, code: Secret, session: AuthSession) async throws(AuthError) -> AuthSession

    /// Removes a factor (a verified one needs an `aal2` session).
    /// - Parameters:
    ///   - factorID: The factor.
    ///   - session: The signed-in session.
    /// - Throws: ``AuthError``.
    func removeSecondFactor(_ factorID: String, session: AuthSession) async throws(AuthError)

    /// Finishes a sign-in the backend answered without a session
    /// (``PendingSecondFactor/Proof/pendingCredential(_:user:)``, Firebase's `mfaSignIn:finalize`).
    /// - Parameters:
    ///   - factorID: The factor the code is of (one of `pending.factors`).
    ///   - code: The six digits the authenticator app shows.
    ///   - pending: What ``AuthError/secondFactorRequired(_:)`` carried.
    /// - Returns: The `aal2` session and its user.
    /// - Throws: ``AuthError``: a wrong or reused code (the pending credential stays; the user may
    ///   try again), an expired credential; `invalidInput` from a backend that never answers
    ///   without a session (the default).
    func completeSecondFactorSignIn(_ factorID: String, code: Secret, pending: PendingSecondFactor) async throws(AuthError) -> BackendSignIn
}

extension SecondFactorBackend {
    /// A backend whose first factors always answer a session (GoTrue's `aal1` session) has no
    /// sign-in to finish: raise the session with ``verifySecondFactor(_:code:session:)`` instead.
    /// - Parameters:
    ///   - factorID: Unused.
    ///   - code: Unused.
    ///   - pending: Unused.
    /// - Returns: Never.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func completeSecondFactorSignIn(_ factorID: String, code: Secret, pending: PendingSecondFactor) async throws(AuthError)
        -> BackendSignIn
    {
        throw .invalidInput("this backend's first factor answers a session: verify the code against it")
    }
}

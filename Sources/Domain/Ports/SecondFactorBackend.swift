/// The backend's second factors (TOTP) for the signed-in user: enrol, list, remove, and verify a
/// code, which raises the session to ``AssuranceLevel/aal2``. Adapters: `SupabaseAuthBackend`
/// (GoTrue's `/factors` routes, over HTTP or in process).
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
}

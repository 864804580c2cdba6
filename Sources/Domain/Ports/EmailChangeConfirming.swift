/// A backend that confirms a change of address with the typed code it mailed (GoTrue's
/// `POST /verify` type `email_change`): with secure email change, one code to the current
/// address and one to the new, each confirmed in turn. `SupabaseAuthBackend` implements it, over
/// HTTP or the in-process engine.
public protocol EmailChangeConfirming: Sendable {
    /// Confirms the address a code was mailed to.
    /// - Parameters:
    ///   - email: The address the proof was mailed to (the current one or the new one).
    ///   - proof: The typed code, or the link's token hash.
    /// - Returns: Whether the other address is still due, or the change with its new session.
    /// - Throws: ``AuthError``: `codeInvalid` for a wrong, spent or expired code, …
    func confirmEmailChange(email: String, proof: EmailProof) async throws(AuthError) -> EmailChangeConfirmation
}

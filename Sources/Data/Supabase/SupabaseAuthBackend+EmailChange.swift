import AuthDomain

/// A change of address confirmed by typed code (GoTrue internal/api/verify.go
/// `emailChangeVerify`): with secure email change, the first code answers GoTrue's message and
/// changes nothing; the second (or the only one) changes the address and signs in.
extension SupabaseAuthBackend: EmailChangeConfirming {
    /// `POST /verify` type `email_change` with the code and the address it was mailed to, or the
    /// link's `token_hash`.
    /// - Parameters:
    ///   - email: The address the code was mailed to.
    ///   - proof: The code, or the link's token hash.
    /// - Returns: ``EmailChangeConfirmation/otherAddressPending``, or the change with the new
    ///   session.
    /// - Throws: ``AuthError``: `codeInvalid` (GoTrue's 403 `otp_expired`), …
    public func confirmEmailChange(email: String, proof: EmailProof) async throws(AuthError) -> EmailChangeConfirmation {
        let answer = try await call {
            switch proof {
            case .code(let code): try await api.verifyEmailChange(email: email, token: code.revealed)
            case .linkToken(let hash): try await api.verifyEmailChange(tokenHash: hash.revealed)
            }
        }
        switch answer {
        case .confirmationAccepted: return .otherAddressPending
        case .session(let payload):
            return .changed(AccountUpdate(user: SupabaseWireMapping.user(payload.user), session: SupabaseWireMapping.session(payload)))
        }
    }
}

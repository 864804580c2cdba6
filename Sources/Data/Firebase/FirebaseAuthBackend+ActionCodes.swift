import AuthDomain

/// Email action codes applied by a typed code, for apps without deep links: Firebase's
/// `applyActionCode` (`accounts:update` with `oobCode` alone, Google's Identity Toolkit
/// reference; firebase-tools src/emulator/auth/operations.ts `setAccountInfoImpl`).
extension FirebaseAuthBackend {
    /// Applies a `VERIFY_EMAIL` code (the address becomes verified) or a
    /// `VERIFY_AND_CHANGE_EMAIL` code (the account moves to the new address, verified). No
    /// session is needed: the code is the proof. A signed-in app refreshes its user afterwards
    /// (an address change also ends the account's earlier sessions).
    ///
    /// ```swift
    /// try await backend.resend(.signUpConfirmation, to: email, accessToken: token)   // VERIFY_EMAIL
    /// let address = try await backend.applyActionCode(Secret(typedCode))
    /// ```
    /// - Parameter code: The `oobCode` from the mail (typed, or read from the link).
    /// - Returns: The account's address once the code is applied (the new one after a change).
    /// - Throws: ``AuthError``: `codeInvalid` (`INVALID_OOB_CODE`: wrong, spent, or a code of
    ///   another kind), `codeExpired` (`EXPIRED_OOB_CODE`), `invalidInput` for an empty code,
    ///   `credentialAlreadyInUse` (`EMAIL_EXISTS`) when the new address was taken meanwhile.
    @discardableResult
    public func applyActionCode(_ code: Secret) async throws(AuthError) -> String? {
        guard !code.isEmpty else { throw .invalidInput("the code is empty") }
        var request = FirebaseUpdateRequest(idToken: nil)
        request.oobCode = code.revealed
        return try await call {
            let response = try await api.update(request)
            return response.newEmail ?? response.email
        }
    }
}

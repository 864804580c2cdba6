import AuthDomain

extension LoginViewModel {
    /// The factors a sign-in waits for a code of, from `.awaitingSecondFactor` until the code is
    /// accepted or ``reset()`` (also while a code is being verified); `nil` otherwise.
    public var pendingSecondFactors: [SecondFactor]? { pendingSecondFactor?.factors }

    /// Submits the authenticator app's code in `.awaitingSecondFactor`: a right code signs in
    /// with the `aal2` session (on to `.success`); a wrong one keeps the step with its message,
    /// to type again. Ignored in any other state.
    /// - Parameters:
    ///   - code: What the user typed.
    ///   - factorID: The factor the code is of, or `nil` for the first one listed.
    public func submitSecondFactorCode(_ code: String, factorID: String? = nil) async {
        guard let pending = pendingSecondFactor, case .awaitingSecondFactor = state,
            let factor = factorID ?? pending.factors.first?.id
        else { return }
        state = .loading(pending.provider)
        do throws(AuthError) {
            show(try await login.verifySecondFactor(code: Secret(code), factorID: factor, for: pending))
        } catch {
            state = .awaitingSecondFactor(factors: pending.factors, error: messages.message(for: error))
        }
    }
}

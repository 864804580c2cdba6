import AuthDomain
import AuthPresentation

/// The second step of a sign-in whose account has a verified factor.
extension LoginEnvironment {
    /// The backend's second factors, or a usage failure where there are none here.
    /// - Returns: The port.
    /// - Throws: ``CommandFailure`` (exit 2).
    func requireSecondFactors() throws(CommandFailure) -> any SecondFactorBackend {
        guard let secondFactors else {
            throw .usage("This backend has no second factors")
        }
        return secondFactors
    }

    /// Verifies the code given with `--mfa-code`; else, on a terminal, asks for it (without echo)
    /// until one is accepted (Ctrl-D cancels, exit 3); without either, refuses (exit 1) and says
    /// to pass `--mfa-code`. The first factor's `aal1` session stays stored meanwhile (Supabase;
    /// Firebase stores nothing until the code: its first factor left a pending credential).
    /// - Parameter pending: The step the first factor left.
    /// - Returns: The signed-in outcome with the `aal2` session.
    /// - Throws: ``AuthError``.
    func settleSecondFactor(_ pending: PendingSecondFactor) async throws(AuthError) -> LoginOutcome {
        guard let factor = pending.factors.first else { throw .invalidInput("the backend listed no verified factor") }
        logger.info("a second factor is needed", metadata: ["user": "\(pending.user.id)", "factor": "\(factor.id)"])
        if let code = secondFactorCode {
            return try await login.verifySecondFactor(code: Secret(code), factorID: factor.id, for: pending)
        }
        guard Terminal.isInteractive else {
            throw .invalidInput(
                "the account has a second factor: pass --mfa-code with the authenticator app's code (login mfa code prints it)")
        }
        let hint = (["login mfa code"] + options.repeatedArguments).joined(separator: " ")
        var question = "Code from your authenticator app for \(factor.friendlyName ?? factor.id) (\(hint) shows it): "
        while true {
            let typed: String
            do { typed = try Terminal.askHidden(question) } catch { throw .cancelled }
            guard !typed.isEmpty else {
                question = "Type the code (Ctrl-D cancels): "
                continue
            }
            do throws(AuthError) {
                return try await login.verifySecondFactor(code: Secret(typed), factorID: factor.id, for: pending)
            } catch .backend(let failure) where ["mfa_verification_failed", "INVALID_CODE"].contains(failure.code.rawValue) {
                question = "That code was not accepted; type the current one (Ctrl-D cancels): "
            }
        }
    }
}

import AuthDomain
import AuthPresentation

/// How a domain error is reported: the words (the presentation layer's messages, sharpened with
/// the flag to use where the command line can fix it), a code that is the same on both backends
/// (the backend's own code is not the contract: `credential_already_in_use`, not
/// `identity_already_exists` or `FEDERATED_USER_ID_ALREADY_LINKED`), and the exit status from the
/// one table in ``CLIExit``. The developer description (`AuthError.description`, which may hold
/// a decoder's or the system's wording) is printed only with `--verbose`.
enum ErrorReport {
    private static let messages = AuthErrorMessages()

    /// The failure to report for an error.
    /// - Parameters:
    ///   - error: The error.
    ///   - options: The global options, when parsed.
    /// - Returns: Code, message and exit status.
    static func failure(for error: AuthError, options: GlobalOptions?) -> CommandFailure {
        let text = messages.message(for: error).map { $0 + "." } ?? "Sign-in cancelled."
        switch error {
        case .cancelled:
            return CommandFailure(code: "cancelled", message: "Sign-in cancelled.", exit: .cancelled)
        case .invalidInput(let reason):
            return .usage(reason.prefix(1).uppercased() + reason.dropFirst())
        case .invalidEmail(let email):
            return CommandFailure(code: "invalid_email", message: "\"\(email)\" is not an email address.", exit: .usage)
        case .network(let reason) where reason.contains("waiting for the browser"):
            return CommandFailure(
                code: "browser_timeout",
                message: "The browser did not come back: \(reason); finish the sign-in there sooner, "
                    + "or give it longer with --timeout SECONDS.", exit: .unreachable)
        case .network(let reason):
            return CommandFailure(code: "network", message: "Could not reach the backend: \(reason).", exit: .unreachable)
        case .backend(let backend) where backend.isServerFailure:
            return CommandFailure(
                code: "backend_unavailable", message: "The backend failed (HTTP \(backend.status ?? 500)): \(backend.message)",
                exit: .unreachable)
        case .backend(let backend) where backend.message.hasPrefix("could not read the response"):
            return CommandFailure(
                code: "unexpected_response", message: "The backend's answer could not be read; is the URL that backend's?",
                exit: .unreachable)
        case .backend(let backend) where backend.code.rawValue == "unknown" || backend.code.rawValue.hasPrefix("HTTP_"):
            // No error of the service's own: the address is not that service's (a wrong host or port).
            let address = options?.supabaseURL ?? options?.firebaseEmulatorHost.map { "http://" + $0 } ?? "the backend"
            return CommandFailure(
                code: "unexpected_response",
                message: "\(address) answered HTTP \(backend.status ?? 0) without an auth error of its own: "
                    + "is it the emulator's or the project's "
                    + "address? (`login env` prints the emulator's)",
                exit: .unreachable)
        case .backend(let backend):
            return CommandFailure(code: backend.code.rawValue, message: backend.message.isEmpty ? text : backend.message, exit: .refused)
        case .credentialAlreadyInUse:
            return CommandFailure(
                code: "credential_already_in_use",
                message: "That identity already belongs to another account (--switch-if-taken signs in to it).", exit: .refused)
        case .notSignedIn:
            return CommandFailure(
                code: "not_signed_in", message: "You're not signed in. Sign in first: login apple, google, anonymous or otp.",
                exit: .refused)
        case .providerUnavailable(let provider), .noStrategyRegistered(let provider):
            if options?.isRemote == true, options?.idpURL == nil {
                return .usage(
                    """
                    \(AuthErrorMessages.name(of: provider)) sign-in against a remote backend needs --idp-url (the emulator's simulated\
                     Apple and Google)
                    """
                )
            }
            return CommandFailure(code: "provider_unavailable", message: text, exit: .refused)
        case .termsNotAccepted:
            return CommandFailure(
                code: "terms_not_accepted",
                message: "This is a new sign-up and the app's terms were not accepted, so the new account was undone: "
                    + "pass --accept-terms (or answer the question on a terminal).",
                exit: .refused)
        case .termsDeclinedAccountKept(let reason):
            // Against a remote backend an Apple account is deleted only with the team's key (its tokens are revoked first).
            let cause =
                reason.contains("AppleTokenRevoking")
                ? "revoking its Apple tokens needs --apple-team-id, --apple-key-id and --apple-key-file (login serve prints them)"
                : reason
            return CommandFailure(
                code: "terms_declined_account_kept",
                message: "The terms were declined but the new account could not be deleted (\(cause)); it stays, signed out: "
                    + "remove it with `login users delete ID`.",
                exit: .refused)
        case .storage(let reason):
            return CommandFailure(
                code: "storage", message: "The session could not be saved in the state directory: \(reason).", exit: .stateDirectory)
        default:
            return CommandFailure(code: code(of: error), message: text, exit: .refused)
        }
    }

    /// The stable code of an error reported with the presentation layer's words.
    static func code(of error: AuthError) -> String {
        switch error {
        case .invalidCredential: "invalid_credential"
        case .missingIdentityToken: "missing_identity_token"
        case .invalidIdentityToken: "invalid_identity_token"
        case .missingNonce: "missing_nonce"
        case .nonceMismatch: "nonce_mismatch"
        case .authorizationFailed: "authorization_failed"
        case .notHandled: "not_handled"
        case .accountDisabled: "account_disabled"
        case .accountExistsWithDifferentCredential, .accountExists: "account_exists_with_different_credential"
        case .rateLimited: "rate_limited"
        case .lastSignInMethod: "last_sign_in_method"
        case .codeExpired: "code_expired"
        case .codeInvalid: "code_invalid"
        case .sessionExpired: "session_expired"
        case .requiresRecentLogin: "requires_recent_login"
        case .invalidLoginCredentials: "invalid_login_credentials"
        case .emailNotConfirmed: "email_not_confirmed"
        case .weakPassword: "weak_password"
        case .emailInUse: "email_in_use"
        case .reauthenticationRequired: "reauthentication_required"
        case .secondFactorRequired: "mfa_required"
        case .cancelled, .invalidInput, .invalidEmail, .network, .backend, .credentialAlreadyInUse, .notSignedIn, .providerUnavailable,
            .noStrategyRegistered, .termsNotAccepted, .termsDeclinedAccountKept, .storage:
            "error"
        }
    }
}

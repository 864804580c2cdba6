import AuthDomain

/// Admin refusals in the same words for both backends: the codes a script can test
/// (`user_not_found`, `admin_unauthorized`) whatever the service calls them (each backend's
/// codes are on its ``BackendProfile``), the service's own message otherwise.
enum AdminFailure {
    /// The domain error for an admin call's refusal.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - code: The service's code.
    ///   - message: The service's message.
    ///   - backend: Which service answered.
    /// - Returns: The error.
    static func error(status: Int, code: String, message: String, backend: BackendChoice) -> AuthError {
        let profile = backend.profile
        if profile.adminUserNotFoundCodes.contains(code) {
            return .backend(BackendError(code: "user_not_found", message: "No such user", status: status))
        }
        if profile.adminUnauthorizedCodes.contains(code) {
            let message = "The admin API refused the credentials; pass \(profile.adminCredentialOption)"
            return .backend(BackendError(code: "admin_unauthorized", message: message, status: status))
        }
        return .backend(BackendError(code: BackendErrorCode(rawValue: code), message: message, status: status))
    }
}

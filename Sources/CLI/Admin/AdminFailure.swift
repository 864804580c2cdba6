import AuthDomain

/// Admin refusals in the same words for both backends: the codes a script can test
/// (`user_not_found`, `admin_unauthorized`) whatever the service calls them, the service's own
/// message otherwise.
enum AdminFailure {
    /// The domain error for an admin call's refusal.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - code: The service's code.
    ///   - message: The service's message.
    ///   - backend: Which service answered.
    /// - Returns: The error.
    static func error(status: Int, code: String, message: String, backend: BackendChoice) -> AuthError {
        switch (backend, code) {
        case (.supabase, "user_not_found"), (.firebase, "USER_NOT_FOUND"):
            return .backend(BackendError(code: "user_not_found", message: "No such user", status: status))
        case (.supabase, "not_admin"), (.supabase, "bad_jwt"), (.supabase, "no_authorization"), (.firebase, "UNAUTHENTICATED"),
             (.firebase, "INSUFFICIENT_PERMISSION"):
            let flag = backend == .supabase ? "--service-role-key (or the service_role.key login serve writes)" : "--firebase-admin-token"
            return .backend(BackendError(code: "admin_unauthorized", message: "The admin API refused the credentials; pass \(flag)", status: status))
        default:
            return .backend(BackendError(code: BackendErrorCode(rawValue: code), message: message, status: status))
        }
    }
}

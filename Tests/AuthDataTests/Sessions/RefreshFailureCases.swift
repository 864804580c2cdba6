import AuthDomain

/// Failures after which a refresh may succeed later.
enum TransientFailure: String, CaseIterable, Sendable {
    case offline, timeout, serverError, gatewayTimeout, cancelled

    /// A backend's typed answer; a request cancelled under the adapter surfaces as `network`.
    var error: AuthError {
        switch self {
        case .offline: .network("offline")
        case .timeout: .network("timed out")
        case .serverError: .backend(BackendError(code: "unexpected_failure", message: "internal", status: 500))
        case .gatewayTimeout: .backend(BackendError(code: "unknown", message: "gateway", status: 504))
        case .cancelled: .network("request cancelled")
        }
    }
}

/// Failures that prove the session is over.
enum DefinitiveFailure: String, CaseIterable, Sendable {
    case refreshTokenNotFound, refreshTokenAlreadyUsed, sessionNotFound, sessionExpired, userNotFound, userDisabled

    var error: AuthError {
        switch self {
        case .refreshTokenNotFound: .sessionExpired("refresh_token_not_found")
        case .refreshTokenAlreadyUsed: .sessionExpired("refresh_token_already_used")
        case .sessionNotFound: .sessionExpired("session_not_found")
        case .sessionExpired: .sessionExpired("session_expired")
        case .userNotFound: .sessionExpired("USER_NOT_FOUND")
        case .userDisabled: .accountDisabled
        }
    }
}

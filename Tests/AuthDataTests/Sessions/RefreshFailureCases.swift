import AuthDomain

/// Failures after which a refresh may succeed later.
enum TransientFailure: String, CaseIterable, Sendable {
    case offline, timeout, serverError, gatewayTimeout, cancelled

    var error: any Error {
        switch self {
        case .offline: AuthError.network("offline")
        case .timeout: AuthError.network("timed out")
        case .serverError: AuthError.backend(BackendError(code: "unexpected_failure", message: "internal", status: 500))
        case .gatewayTimeout: AuthError.backend(BackendError(code: "unknown", message: "gateway", status: 504))
        case .cancelled: CancellationError()
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

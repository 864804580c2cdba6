import AuthDomain
import Foundation

/// A failure a test injects on a backend call (``CountingBackend/inject(_:on:count:)``), the way
/// a device meets it: no network, a server error, a slow answer, an answer lost on the way back.
public enum BackendFault: Sendable, Hashable {
    /// No connection: the request never reaches the server (`AuthError.network`).
    case offline
    /// The server answers with a 5xx status (`AuthError.backend` with that status), before doing
    /// anything.
    case serverError(status: Int)
    /// The server does the work at once and its answer arrives after this many seconds on the
    /// world's clock: the call stays in flight (cancellable) until the test advances the clock.
    case slow(seconds: TimeInterval)
    /// The server does the work and commits (a refresh token is spent, a user is created), then
    /// the answer is lost (`AuthError.network`): the app never learns what happened.
    case answerLost

    /// The error the app sees, for the faults that fail.
    var error: AuthError? {
        switch self {
        case .offline: .network("the Internet connection appears to be offline (injected)")
        case .serverError(let status):
            .backend(BackendError(code: "unexpected_failure", message: "injected server error", status: status))
        case .answerLost: .network("the connection was lost before the answer arrived (injected)")
        case .slow: nil
        }
    }
}

/// The backend calls a ``BackendFault`` can be injected on.
public enum BackendCall: String, Sendable, Hashable, CaseIterable {
    /// Refreshing a session.
    case refresh
    /// Any sign-in: with an ID token, anonymously, with an email code.
    case signIn
    /// Signing out.
    case signOut
    /// Deleting the account.
    case deleteAccount
}

import AuthDomain
import AuthJWT
import Foundation

/// The answer a redirect URL carries: its query items and fragment items (a `form_post`
/// answer arrives as query items), read the way OAuth 2.0 and the two backends write them.
public struct OAuthCallback: Hashable, Sendable {
    /// Every parameter; a name in both the query and the fragment keeps the query's value.
    public let parameters: [String: String]

    /// Reads a redirect URL.
    /// - Parameter url: The URL the browser came back to.
    public init(url: URL) {
        var parameters: [String: String] = [:]
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        if let fragment = components?.percentEncodedFragment, let items = FormEncoding.decode(fragment) {
            parameters.merge(items) { _, new in new }
        }
        for item in components?.queryItems ?? [] {
            if let value = item.value { parameters[item.name] = value }
        }
        self.parameters = parameters
    }

    /// A parameter's value.
    public subscript(_ name: String) -> String? { parameters[name] }

    /// Whether the answer carries this sign-in's `state` (compared in constant time).
    /// - Parameter expectedState: The `state` the redirect must carry.
    /// - Returns: `false` when it is missing or different.
    public func carries(state expectedState: String) -> Bool {
        guard let state = self["state"] else { return false }
        return SHA256Hex.constantTimeEquals(state, expectedState)
    }

    /// Checks the answer belongs to this sign-in, then that it is not a refusal: an answer for
    /// another sign-in is never read, so its `error` cannot end this one.
    ///
    /// The user's cancel is `.cancelled`: Apple's `user_cancelled_authorize` and OAuth's
    /// `access_denied` without a backend error code (Google's consent screen). A backend's own
    /// refusal comes as `access_denied` with an `error_code` (GoTrue: `user_banned`,
    /// `provider_email_needs_verification`, `signup_disabled`) and is not a cancel.
    /// - Parameter expectedState: The `state` the redirect must carry.
    /// - Throws: ``AuthError``: `invalidCredential` for a missing or different `state` (checked
    ///   first); `cancelled`; `accountDisabled`; `backend` with the service's code for other refusals.
    public func check(expectedState: String) throws(AuthError) {
        guard carries(state: expectedState) else {
            throw .invalidCredential("the redirect's state does not match this sign-in")
        }
        guard let error = self["error"] else { return }
        let code = self["error_code"].flatMap { $0.isEmpty ? nil : $0 }
        let description = self["error_description"] ?? error
        switch (error, code) {
        case ("user_cancelled_authorize", _), ("access_denied", nil):
            throw .cancelled
        case (_, "user_banned"?):
            throw .accountDisabled
        default:
            throw .backend(BackendError(code: BackendErrorCode(rawValue: code ?? error), message: description))
        }
    }
}

/// Apple's `ErrorResponse` from `/auth/token` and `/auth/revoke`: HTTP 400 with
/// `{"error": "...", "error_description"?: "..."}`.
public struct AppleOAuthError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`,
    /// `unsupported_grant_type` or `invalid_scope`.
    public var error: String
    /// A human explanation, when Apple gives one.
    public var errorDescription: String?

    /// `error: description`.
    public var description: String { error + (errorDescription.map { ": \($0)" } ?? "") }

    static func invalidClient(_ why: String) -> AppleOAuthError { AppleOAuthError(error: "invalid_client", errorDescription: why) }
    static func invalidGrant(_ why: String) -> AppleOAuthError { AppleOAuthError(error: "invalid_grant", errorDescription: why) }
    static func invalidRequest(_ why: String) -> AppleOAuthError { AppleOAuthError(error: "invalid_request", errorDescription: why) }
}

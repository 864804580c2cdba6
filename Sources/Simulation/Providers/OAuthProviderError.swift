/// An OAuth 2.0 token-endpoint error (RFC 6749 §5.2), as Apple's `/auth/token` and
/// `/auth/revoke` and Google's token endpoint answer: HTTP 400 with
/// `{"error": "...", "error_description"?: "..."}`.
public struct OAuthProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`,
    /// `unsupported_grant_type` or `invalid_scope`.
    public var error: String
    /// A human explanation, when Apple gives one.
    public var errorDescription: String?

    /// `error: description`.
    /// Creates an error.
    /// - Parameters:
    ///   - error: The OAuth error code.
    ///   - errorDescription: The human-readable description.
    public init(error: String, errorDescription: String?) {
        self.error = error
        self.errorDescription = errorDescription
    }

    public var description: String { error + (errorDescription.map { ": \($0)" } ?? "") }

    static func invalidClient(_ why: String) -> OAuthProviderError { OAuthProviderError(error: "invalid_client", errorDescription: why) }
    static func invalidGrant(_ why: String) -> OAuthProviderError { OAuthProviderError(error: "invalid_grant", errorDescription: why) }
    static func invalidRequest(_ why: String) -> OAuthProviderError { OAuthProviderError(error: "invalid_request", errorDescription: why) }
}

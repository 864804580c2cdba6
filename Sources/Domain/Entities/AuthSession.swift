import Foundation

/// The backend session that keeps a user signed in.
public struct AuthSession: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The bearer token for API calls (a JWT); short-lived.
    public var accessToken: Secret
    /// The token that buys a new access token; rotated by Supabase on every use.
    public var refreshToken: Secret
    /// When ``accessToken`` stops being accepted.
    public var expiresAt: Date
    /// The id of the user the session belongs to.
    public var userID: String
    /// How strongly the user was authenticated, where the backend says (Supabase's `aal`);
    /// `nil` for a session stored before levels were kept, or a backend that does not say.
    public var assuranceLevel: AssuranceLevel?
    /// The identity provider's tokens, in the session a browser sign-in returned when the
    /// backend hands them over (Supabase); `nil` otherwise, and after a refresh.
    public var providerTokens: ProviderTokens?

    /// Whether a second factor was verified in this session (`aal2`).
    public var isAAL2: Bool { assuranceLevel == .aal2 }

    /// Creates a session.
    /// - Parameters:
    ///   - accessToken: The access token.
    ///   - refreshToken: The refresh token.
    ///   - expiresAt: The access token's expiry.
    ///   - userID: The user's id.
    public init(accessToken: Secret, refreshToken: Secret, expiresAt: Date, userID: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userID = userID
    }

    /// Whether the access token expires within `margin` seconds of `now`.
    /// - Parameters:
    ///   - now: The current time.
    ///   - margin: How early a token counts as expired, in seconds.
    /// - Returns: `true` when a refresh is due.
    public func expires(within margin: TimeInterval, of now: Date) -> Bool {
        // Written so that an expiry that is not a number counts as expiring (and is refreshed).
        !(expiresAt.timeIntervalSince(now) >= margin)
    }

    /// Tokens redacted.
    public var description: String {
        "AuthSession(user: \(userID), accessToken: \(accessToken), refreshToken: \(refreshToken), expiresAt: \(expiresAt))"
    }
}

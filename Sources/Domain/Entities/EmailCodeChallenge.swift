import Foundation

/// A one-time code has been sent; the user now types it in.
public struct EmailCodeChallenge: Hashable, Sendable {
    /// Where the code went.
    public var email: String
    /// When it was sent.
    public var sentAt: Date
    /// The earliest time another code may be requested.
    public var resendAvailableAt: Date?

    /// Creates a challenge.
    /// - Parameters:
    ///   - email: The address the code went to.
    ///   - sentAt: When it was sent.
    ///   - resendAvailableAt: When a new code may be requested.
    public init(email: String, sentAt: Date, resendAvailableAt: Date? = nil) {
        self.email = email
        self.sentAt = sentAt
        self.resendAvailableAt = resendAvailableAt
    }
}

import Foundation

/// A challenge of a factor (`auth.mfa_challenges`, GoTrue internal/models/challenge.go): valid
/// for `GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION` from `created_at`, verified once, from the client
/// that made it.
package struct SupabaseChallengeRecord: Sendable, Hashable {
    package var id: String
    package var factorID: String
    package var createdAt: Date
    package var verifiedAt: Date?
    /// `ip_address`: the client that made it (the peer address; `in-process` in process).
    package var ipAddress: String
    /// The session that made it (ours: GoTrue compares only the IP address).
    package var sessionID: String

    /// Creates a record with every field.
    package init(id: String, factorID: String, createdAt: Date, verifiedAt: Date? = nil, ipAddress: String, sessionID: String) {
        self.id = id
        self.factorID = factorID
        self.createdAt = createdAt
        self.verifiedAt = verifiedAt
        self.ipAddress = ipAddress
        self.sessionID = sessionID
    }
}

import AuthData
import AuthDomain
import Foundation

/// An MFA factor (`auth.mfa_factors`, GoTrue internal/models/factor.go): a TOTP secret the user
/// enrolled, `unverified` until a first code is verified with it.
package struct SupabaseFactorRecord: Sendable, Hashable {
    /// GoTrue's `status` values.
    package static let unverified = "unverified", verified = "verified"

    package var id: String
    package var userID: String
    /// `friendly_name`; empty when none was given.
    package var friendlyName: String
    /// `factor_type`: `totp`.
    package var factorType: String
    /// `status`: ``unverified`` or ``verified``.
    package var status: String
    /// `secret`: base32 text, never logged.
    package var secret: Secret
    package var createdAt: Date
    package var updatedAt: Date
    /// `last_challenged_at`.
    package var lastChallengedAt: Date?
    /// The TOTP step of the last code accepted (ours: GoTrue has no column), so a code is not
    /// accepted twice within its window.
    package var lastUsedStep: Int64?

    /// Creates a record with every field.
    package init(
        id: String, userID: String, friendlyName: String, factorType: String, status: String, secret: Secret,
        createdAt: Date, updatedAt: Date, lastChallengedAt: Date? = nil, lastUsedStep: Int64? = nil
    ) {
        self.id = id
        self.userID = userID
        self.friendlyName = friendlyName
        self.factorType = factorType
        self.status = status
        self.secret = secret
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastChallengedAt = lastChallengedAt
        self.lastUsedStep = lastUsedStep
    }

    /// Whether a code was verified with it.
    package var isVerified: Bool { status == Self.verified }
}

extension SupabaseFactorRecord {
    /// The factor as GoTrue returns it (no secret).
    package var payload: SupabaseFactorPayload {
        SupabaseFactorPayload(
            id: id, factorType: factorType, status: status, friendlyName: friendlyName, createdAt: RFC3339.format(createdAt),
            updatedAt: RFC3339.format(updatedAt), lastChallengedAt: lastChallengedAt.map(RFC3339.format))
    }
}

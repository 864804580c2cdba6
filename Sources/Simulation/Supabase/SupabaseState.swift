import AuthJWT
import Foundation

/// A Supabase user as the engine stores it.
package struct SupabaseUserRecord: Codable, Sendable {
    package var id: String
    package var email: String
    package var emailConfirmedAt: Date?
    package var userMetadata: JSONObject
    package var identities: [SupabaseIdentityRecord]
    package var createdAt: Date
    package var updatedAt: Date
    package var lastSignInAt: Date?
    package var isAnonymous: Bool
    package var bannedUntil: Date?
    package var otp: SupabaseOTPRecord?
    package var confirmationSentAt: Date?
    package var recoverySentAt: Date?
    /// The outstanding `GET /reauthenticate` code (hashed).
    package var reauthentication: SupabaseOTPRecord?
    package var reauthenticationSentAt: Date?
    /// What the admin set in `app_metadata` (`PUT /admin/users/{id}`), over the `provider` and
    /// `providers` computed from the identities.
    package var customAppMetadata: JSONObject?
}

/// A linked identity (`identities[]`).
package struct SupabaseIdentityRecord: Codable, Sendable {
    package var identityID: String
    package var provider: String
    package var providerID: String
    package var identityData: JSONObject
    package var email: String?
    package var createdAt: Date
    package var updatedAt: Date
    package var lastSignInAt: Date?
}

/// An outstanding email one-time code (hashed, never stored in clear). `kind` is GoTrue's token
/// column: `confirmation` (types `signup`, `invite`, `email`) or `magiclink` (the recovery
/// token: types `magiclink`, `recovery`, `email`).
package struct SupabaseOTPRecord: Codable, Sendable {
    package var tokenHash: String
    package var kind: String
    package var sentAt: Date
    package var wrongAttempts: Int
}

/// A session: one signed-in device.
package struct SupabaseSessionRecord: Codable, Sendable {
    package var id: String
    package var userID: String
    package var createdAt: Date
    package var amrMethod: String
    package var amrTimestamp: Int64
    package var activeRefreshToken: String
    package var refreshTokens: [String]
    /// The last successful refresh (`sessions.refreshed_at`).
    package var refreshedAt: Date?
    /// When the session stops refreshing (`sessions.not_after`); `nil` for never.
    package var notAfter: Date?
}

/// A refresh token and its place in the session's rotation chain.
package struct SupabaseRefreshTokenRecord: Codable, Sendable {
    package var sessionID: String
    package var parent: String?
    package var revokedAt: Date?
}

/// All state of the Supabase-like engine; a value, so a snapshot is a copy.
package struct SupabaseState: Codable, Sendable {
    package var users: [String: SupabaseUserRecord] = [:]
    package var identityIndex: [String: String] = [:]
    package var emailIndex: [String: String] = [:]
    package var sessions: [String: SupabaseSessionRecord] = [:]
    package var sessionsByUser: [String: [String]] = [:]
    package var refreshTokens: [String: SupabaseRefreshTokenRecord] = [:]
    /// Browser sign-ins in progress, by id (`auth.flow_state`).
    package var flowStates: [String: SupabaseFlowStateRecord] = [:]
    package var lastStamp: Date = .distantPast

    package init() {}

    static func identityKey(provider: String, subject: String) -> String { provider + "|" + subject }
}

extension SupabaseState {
    /// Reads state written by any earlier version: fields added later (`flowStates`) may be
    /// missing.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        users = try container.decode([String: SupabaseUserRecord].self, forKey: .users)
        identityIndex = try container.decode([String: String].self, forKey: .identityIndex)
        emailIndex = try container.decode([String: String].self, forKey: .emailIndex)
        sessions = try container.decode([String: SupabaseSessionRecord].self, forKey: .sessions)
        sessionsByUser = try container.decode([String: [String]].self, forKey: .sessionsByUser)
        refreshTokens = try container.decode([String: SupabaseRefreshTokenRecord].self, forKey: .refreshTokens)
        flowStates = try container.decodeIfPresent([String: SupabaseFlowStateRecord].self, forKey: .flowStates) ?? [:]
        lastStamp = try container.decode(Date.self, forKey: .lastStamp)
    }
}

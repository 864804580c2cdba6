import AuthJWT
import Foundation

/// A Supabase user as the engine stores it.
package struct SupabaseUserRecord: Codable, Sendable, Hashable {
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
    /// The password's bcrypt hash (`users.encrypted_password`, GoTrue internal/models/user.go);
    /// `nil` for a user without a password. Never the password itself.
    package var encryptedPassword: String?
    /// When the user was last invited (`users.invited_at`, `POST /invite`).
    package var invitedAt: Date?
    /// A change of address mailed with `PUT /user` (or `/admin/generate_link`), if any.
    package var emailChange: SupabaseEmailChange?
    /// `users.role`, the access token's `role` claim, when an admin set one other than GoTrue's
    /// default group `authenticated` (internal/models/user.go `SetRole`); `nil`: `authenticated`.
    package var role: String?
    /// `users.phone`: E.164 digits without `+` (GoTrue internal/api/phone.go `validatePhone`);
    /// unique among users; `nil` without a number.
    package var phone: String?
    /// `users.phone_confirmed_at` (`phone_confirm` of the admin routes).
    package var phoneConfirmedAt: Date?

    /// The access token's `role` claim and the user's `role`.
    package var effectiveRole: String { role ?? Self.defaultRole }
    /// GoTrue's `GOTRUE_JWT_DEFAULT_GROUP_NAME` default.
    package static let defaultRole = "authenticated"

    /// Creates a record with every field.
    package init(
        id: String, email: String, emailConfirmedAt: Date? = nil, userMetadata: JSONObject, identities: [SupabaseIdentityRecord],
        createdAt: Date, updatedAt: Date, lastSignInAt: Date? = nil, isAnonymous: Bool, bannedUntil: Date? = nil,
        otp: SupabaseOTPRecord? = nil, confirmationSentAt: Date? = nil, recoverySentAt: Date? = nil,
        reauthentication: SupabaseOTPRecord? = nil, reauthenticationSentAt: Date? = nil, customAppMetadata: JSONObject? = nil,
        encryptedPassword: String? = nil, invitedAt: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.emailConfirmedAt = emailConfirmedAt
        self.userMetadata = userMetadata
        self.identities = identities
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastSignInAt = lastSignInAt
        self.isAnonymous = isAnonymous
        self.bannedUntil = bannedUntil
        self.otp = otp
        self.confirmationSentAt = confirmationSentAt
        self.recoverySentAt = recoverySentAt
        self.reauthentication = reauthentication
        self.reauthenticationSentAt = reauthenticationSentAt
        self.customAppMetadata = customAppMetadata
        self.encryptedPassword = encryptedPassword
        self.invitedAt = invitedAt
    }
}

/// A linked identity (`identities[]`).
package struct SupabaseIdentityRecord: Codable, Sendable, Hashable {
    package var identityID: String
    package var provider: String
    package var providerID: String
    package var identityData: JSONObject
    package var email: String?
    package var createdAt: Date
    package var updatedAt: Date
    package var lastSignInAt: Date?

    /// Creates a record with every field.
    package init(
        identityID: String, provider: String, providerID: String, identityData: JSONObject, email: String? = nil, createdAt: Date,
        updatedAt: Date, lastSignInAt: Date? = nil
    ) {
        self.identityID = identityID
        self.provider = provider
        self.providerID = providerID
        self.identityData = identityData
        self.email = email
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastSignInAt = lastSignInAt
    }
}

/// An outstanding email one-time code (hashed, never stored in clear). `kind` is GoTrue's token
/// column: `confirmation` (types `signup`, `invite`, `email`) or `magiclink` (the recovery
/// token: types `magiclink`, `recovery`, `email`).
package struct SupabaseOTPRecord: Codable, Sendable, Hashable {
    package var tokenHash: String
    package var kind: String
    package var sentAt: Date
    package var wrongAttempts: Int

    /// Creates a record with every field.
    package init(
        tokenHash: String, kind: String, sentAt: Date, wrongAttempts: Int
    ) {
        self.tokenHash = tokenHash
        self.kind = kind
        self.sentAt = sentAt
        self.wrongAttempts = wrongAttempts
    }
}

/// A session: one signed-in device.
package struct SupabaseSessionRecord: Codable, Sendable, Hashable {
    package var id: String
    package var userID: String
    package var createdAt: Date
    package var amrMethod: String
    package var amrTimestamp: Int64
    /// The newest refresh token of the session.
    package var activeRefreshToken: String
    /// The last successful refresh (`sessions.refreshed_at`).
    package var refreshedAt: Date?
    /// When the session stops refreshing (`sessions.not_after`); `nil` for never.
    package var notAfter: Date?
    /// `sessions.aal`: `aal1`, or `aal2` once a second factor was verified in it.
    package var aal: String = "aal1"
    /// `sessions.factor_id`: the factor that raised it to `aal2`.
    package var factorID: String?
    /// The methods after the first (`mfa_amr_claims` rows beside ``amrMethod``: `totp`).
    package var laterAMR: [SupabaseAMREntry] = []

    /// Creates a record with every field.
    package init(
        id: String, userID: String, createdAt: Date, amrMethod: String, amrTimestamp: Int64, activeRefreshToken: String,
        refreshedAt: Date? = nil, notAfter: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.amrMethod = amrMethod
        self.amrTimestamp = amrTimestamp
        self.activeRefreshToken = activeRefreshToken
        self.refreshedAt = refreshedAt
        self.notAfter = notAfter
    }
}

/// A refresh token and its place in the session's rotation chain.
package struct SupabaseRefreshTokenRecord: Codable, Sendable, Hashable {
    package var sessionID: String
    package var parent: String?
    package var revokedAt: Date?

    /// Creates a record with every field.
    package init(
        sessionID: String, parent: String? = nil, revokedAt: Date? = nil
    ) {
        self.sessionID = sessionID
        self.parent = parent
        self.revokedAt = revokedAt
    }
}

/// The Supabase-like engine's state as `state.json` held it (format 1, before the SQLite
/// database): read once, to import it.
package struct SupabaseState: Codable, Sendable {
    /// A session as the state file held it: with every refresh token of its chain, oldest first.
    package struct Session: Codable, Sendable {
        package var id: String
        package var userID: String
        package var createdAt: Date
        package var amrMethod: String
        package var amrTimestamp: Int64
        package var activeRefreshToken: String
        package var refreshTokens: [String]
        package var refreshedAt: Date?
        package var notAfter: Date?
    }

    package var users: [String: SupabaseUserRecord] = [:]
    package var identityIndex: [String: String] = [:]
    package var emailIndex: [String: String] = [:]
    package var sessions: [String: Session] = [:]
    package var sessionsByUser: [String: [String]] = [:]
    package var refreshTokens: [String: SupabaseRefreshTokenRecord] = [:]
    /// Browser sign-ins in progress, by id (`auth.flow_state`).
    package var flowStates: [String: SupabaseFlowStateRecord] = [:]
    package var lastStamp: Date = .distantPast

    package init() {}
}

extension SupabaseState {
    /// Reads state written by any earlier version: fields added later (`flowStates`) may be
    /// missing.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        users = try container.decode([String: SupabaseUserRecord].self, forKey: .users)
        identityIndex = try container.decode([String: String].self, forKey: .identityIndex)
        emailIndex = try container.decode([String: String].self, forKey: .emailIndex)
        sessions = try container.decode([String: Session].self, forKey: .sessions)
        sessionsByUser = try container.decode([String: [String]].self, forKey: .sessionsByUser)
        refreshTokens = try container.decode([String: SupabaseRefreshTokenRecord].self, forKey: .refreshTokens)
        flowStates = try container.decodeIfPresent([String: SupabaseFlowStateRecord].self, forKey: .flowStates) ?? [:]
        lastStamp = try container.decode(Date.self, forKey: .lastStamp)
    }
}

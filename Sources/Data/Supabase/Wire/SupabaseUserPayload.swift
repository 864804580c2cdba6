import AuthJWT

/// The user object of Supabase Auth (GoTrue) on the wire.
///
/// Produced by the Supabase-like engine, encoded by the emulator, decoded by
/// `SupabaseAuthBackend`. Timestamps are RFC 3339 strings as GoTrue writes them.
package struct SupabaseUserPayload: Codable, Hashable, Sendable {
    package var id: String
    package var aud: String
    package var role: String
    package var email: String
    package var phone: String
    package var emailConfirmedAt: String?
    package var confirmedAt: String?
    package var confirmationSentAt: String?
    package var recoverySentAt: String?
    package var lastSignInAt: String?
    package var appMetadata: JSONObject
    package var userMetadata: JSONObject
    package var identities: [SupabaseIdentityPayload]
    package var createdAt: String
    package var updatedAt: String
    package var isAnonymous: Bool
    /// `banned_until`, while a ban was set.
    package var bannedUntil: String?
    /// `phone_confirmed_at`, once the phone number was confirmed.
    package var phoneConfirmedAt: String?
    /// `factors`: the user's MFA factors, absent when there are none (GoTrue's `omitempty`).
    package var factors: [SupabaseFactorPayload]?
    /// `new_email`, while a change of address waits for its confirmation.
    package var newEmail: String?
    /// `email_change_sent_at`: when the last change of address was mailed (GoTrue keeps it once
    /// the change is confirmed).
    package var emailChangeSentAt: String?

    package init(
        id: String, aud: String, role: String, email: String, phone: String, emailConfirmedAt: String?,
        confirmedAt: String?, confirmationSentAt: String?, recoverySentAt: String?, lastSignInAt: String?,
        appMetadata: JSONObject, userMetadata: JSONObject, identities: [SupabaseIdentityPayload],
        createdAt: String, updatedAt: String, isAnonymous: Bool
    ) {
        self.id = id
        self.aud = aud
        self.role = role
        self.email = email
        self.phone = phone
        self.emailConfirmedAt = emailConfirmedAt
        self.confirmedAt = confirmedAt
        self.confirmationSentAt = confirmationSentAt
        self.recoverySentAt = recoverySentAt
        self.lastSignInAt = lastSignInAt
        self.appMetadata = appMetadata
        self.userMetadata = userMetadata
        self.identities = identities
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.isAnonymous = isAnonymous
    }

    enum CodingKeys: String, CodingKey {
        case id, aud, role, email, phone, identities
        case emailConfirmedAt = "email_confirmed_at"
        case confirmedAt = "confirmed_at"
        case confirmationSentAt = "confirmation_sent_at"
        case recoverySentAt = "recovery_sent_at"
        case lastSignInAt = "last_sign_in_at"
        case appMetadata = "app_metadata"
        case userMetadata = "user_metadata"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case isAnonymous = "is_anonymous"
        case bannedUntil = "banned_until"
        case phoneConfirmedAt = "phone_confirmed_at"
        case factors
        case newEmail = "new_email"
        case emailChangeSentAt = "email_change_sent_at"
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        aud = try container.decode(String.self, forKey: .aud)
        role = try container.decodeIfPresent(String.self, forKey: .role) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        phone = try container.decodeIfPresent(String.self, forKey: .phone) ?? ""
        emailConfirmedAt = try container.decodeIfPresent(String.self, forKey: .emailConfirmedAt)
        confirmedAt = try container.decodeIfPresent(String.self, forKey: .confirmedAt)
        confirmationSentAt = try container.decodeIfPresent(String.self, forKey: .confirmationSentAt)
        recoverySentAt = try container.decodeIfPresent(String.self, forKey: .recoverySentAt)
        lastSignInAt = try container.decodeIfPresent(String.self, forKey: .lastSignInAt)
        appMetadata = try container.decodeIfPresent(JSONObject.self, forKey: .appMetadata) ?? [:]
        userMetadata = try container.decodeIfPresent(JSONObject.self, forKey: .userMetadata) ?? [:]
        identities = try container.decodeIfPresent([SupabaseIdentityPayload].self, forKey: .identities) ?? []
        factors = try container.decodeIfPresent([SupabaseFactorPayload].self, forKey: .factors)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        isAnonymous = try container.decodeIfPresent(Bool.self, forKey: .isAnonymous) ?? false
        bannedUntil = try? container.decodeIfPresent(String.self, forKey: .bannedUntil)
        phoneConfirmedAt = try? container.decodeIfPresent(String.self, forKey: .phoneConfirmedAt)
        newEmail = try? container.decodeIfPresent(String.self, forKey: .newEmail)
        emailChangeSentAt = try? container.decodeIfPresent(String.self, forKey: .emailChangeSentAt)
    }
}

/// One linked identity of a Supabase user.
package struct SupabaseIdentityPayload: Codable, Hashable, Sendable {
    package var identityID: String
    package var id: String
    package var userID: String
    package var identityData: JSONObject
    package var provider: String
    package var lastSignInAt: String?
    package var createdAt: String
    package var updatedAt: String
    package var email: String?

    package init(
        identityID: String, id: String, userID: String, identityData: JSONObject, provider: String,
        lastSignInAt: String?, createdAt: String, updatedAt: String, email: String?
    ) {
        self.identityID = identityID
        self.id = id
        self.userID = userID
        self.identityData = identityData
        self.provider = provider
        self.lastSignInAt = lastSignInAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.email = email
    }

    enum CodingKeys: String, CodingKey {
        case id, provider, email
        case identityID = "identity_id"
        case userID = "user_id"
        case identityData = "identity_data"
        case lastSignInAt = "last_sign_in_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

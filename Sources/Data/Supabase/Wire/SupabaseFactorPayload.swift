import AuthJWT

/// An MFA factor of Supabase Auth (GoTrue internal/models/factor.go `Factor`) on the wire: in
/// the user's `factors`, and from the admin factor routes. The secret never is.
package struct SupabaseFactorPayload: Codable, Hashable, Sendable {
    package var id: String
    /// `totp` (GoTrue also has `phone` and `webauthn`).
    package var factorType: String
    /// `unverified` or `verified`.
    package var status: String
    package var friendlyName: String?
    package var createdAt: String
    package var updatedAt: String
    package var lastChallengedAt: String?

    /// Creates a payload with every field.
    package init(
        id: String, factorType: String, status: String, friendlyName: String?, createdAt: String, updatedAt: String,
        lastChallengedAt: String?
    ) {
        self.id = id
        self.factorType = factorType
        self.status = status
        self.friendlyName = friendlyName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastChallengedAt = lastChallengedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, status
        case factorType = "factor_type"
        case friendlyName = "friendly_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case lastChallengedAt = "last_challenged_at"
    }

    /// The JSON GoTrue writes (`friendly_name` omitted when empty, `last_challenged_at` null until a challenge).
    package var jsonObject: JSONObject {
        var object = JSONObject(capacity: 7)
        object.append("id", .string(id))
        object.append("created_at", .string(createdAt))
        object.append("updated_at", .string(updatedAt))
        object.append("status", .string(status))
        object.append("friendly_name", friendlyName.flatMap { $0.isEmpty ? nil : .string($0) })
        object.append("factor_type", .string(factorType))
        object.append("last_challenged_at", .some(lastChallengedAt.map(JSONValue.string) ?? .null))
        return object
    }
}

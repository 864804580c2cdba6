import AuthJWT

extension PasskeyRecord {
    /// GoTrue's `PasskeyListItem` (internal/api/passkey_manage.go): `friendly_name` and
    /// `last_used_at` omitted when empty.
    package var listItem: JSONObject {
        var item: JSONObject = ["id": .string(id), "created_at": .string(RFC3339.format(createdAt))]
        if !friendlyName.isEmpty { item["friendly_name"] = .string(friendlyName) }
        if let lastUsedAt { item["last_used_at"] = .string(RFC3339.format(lastUsedAt)) }
        return item
    }

    /// GoTrue's `PasskeyMetadataResponse`, the answer to a registration.
    package var metadata: JSONObject {
        var item: JSONObject = ["id": .string(id), "created_at": .string(RFC3339.format(createdAt))]
        if !friendlyName.isEmpty { item["friendly_name"] = .string(friendlyName) }
        return item
    }
}

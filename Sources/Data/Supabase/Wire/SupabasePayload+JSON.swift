import AuthJWT

/// The same JSON the `Codable` conformances write, built directly: the emulator writes a session
/// on every sign-in, and `JSONEncoder` costs more there than everything else but the RSA
/// verification.
extension SupabaseSessionPayload {
    package var jsonObject: JSONObject {
        var object: JSONObject = [
            "access_token": .string(accessToken), "token_type": .string(tokenType), "expires_in": .int(Int64(expiresIn)),
            "expires_at": .int(Int64(expiresAt)), "refresh_token": .string(refreshToken), "user": .object(user.jsonObject),
        ]
        object.append("provider_token", providerToken.map(JSONValue.string))
        object.append("provider_refresh_token", providerRefreshToken.map(JSONValue.string))
        return object
    }
}

extension SupabaseUserPayload {
    package var jsonObject: JSONObject {
        var object = JSONObject(capacity: 16)
        object.append("id", .string(id))
        object.append("aud", .string(aud))
        object.append("role", .string(role))
        object.append("email", .string(email))
        object.append("phone", .string(phone))
        object.append("phone_confirmed_at", phoneConfirmedAt.map(JSONValue.string))
        object.append("email_confirmed_at", emailConfirmedAt.map(JSONValue.string))
        object.append("confirmed_at", confirmedAt.map(JSONValue.string))
        object.append("confirmation_sent_at", confirmationSentAt.map(JSONValue.string))
        object.append("recovery_sent_at", recoverySentAt.map(JSONValue.string))
        object.append("new_email", newEmail.flatMap { $0.isEmpty ? nil : .string($0) })
        object.append("email_change_sent_at", emailChangeSentAt.map(JSONValue.string))
        object.append("last_sign_in_at", lastSignInAt.map(JSONValue.string))
        object.append("app_metadata", .object(appMetadata))
        object.append("user_metadata", .object(userMetadata))
        object.append("identities", .array(identities.map { .object($0.jsonObject) }))
        object.append("created_at", .string(createdAt))
        object.append("updated_at", .string(updatedAt))
        object.append("is_anonymous", .bool(isAnonymous))
        object.append("banned_until", bannedUntil.map(JSONValue.string))
        object.append("factors", factors.flatMap { $0.isEmpty ? nil : .array($0.map { .object($0.jsonObject) }) })
        return object
    }
}

extension SupabaseIdentityPayload {
    package var jsonObject: JSONObject {
        var object = JSONObject(capacity: 9)
        object.append("identity_id", .string(identityID))
        object.append("id", .string(id))
        object.append("user_id", .string(userID))
        object.append("identity_data", .object(identityData))
        object.append("provider", .string(provider))
        object.append("last_sign_in_at", lastSignInAt.map(JSONValue.string))
        object.append("created_at", .string(createdAt))
        object.append("updated_at", .string(updatedAt))
        object.append("email", email.map(JSONValue.string))
        return object
    }
}

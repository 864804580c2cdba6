import AuthData
import AuthJWT
import Foundation

/// What the emulator's console creates and edits: a user made by an operator, as GoTrue's
/// `POST /admin/users` with `email_confirm: true` makes one (api/admin.go `adminUserCreate`: an
/// `email` identity, the email confirmed), and a user's metadata replaced as a whole.
extension SupabaseEngine {
    /// Creates a confirmed user with an email identity and no password (passwords come with
    /// email and password sign-in).
    /// - Parameter email: The email, normalized.
    /// - Returns: The new user's id.
    /// - Throws: `email_exists` when a user has the email; `validation_failed` for a bad address.
    package func consoleCreateUser(email raw: String) throws(SupabaseFailure) -> String {
        let email: String
        do { email = try EmailAddress.normalized(raw) } catch {
            throw .validation("Unable to validate email address: invalid format")
        }
        let clock = self.clock.now()
        return try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) -> String in
            guard store.rows.userID(email: email) == nil else { throw .emailExists }
            let created = store.stamp(clock)
            let userID = RandomIdentifiers.uuid()
            let identityData: JSONObject = [
                "sub": .string(userID), "email": .string(email), "email_verified": .bool(true), "phone_verified": .bool(false),
            ]
            let identity = SupabaseIdentityRecord(
                identityID: RandomIdentifiers.uuid(), provider: "email", providerID: userID, identityData: identityData,
                email: email, createdAt: created, updatedAt: created, lastSignInAt: created)
            store.rows.save(
                SupabaseUserRecord(
                    id: userID, email: email, emailConfirmedAt: store.stamp(clock), userMetadata: identityData, identities: [identity],
                    createdAt: created, updatedAt: created, lastSignInAt: nil, isAnonymous: false))
            return userID
        }
    }

    /// Replaces a user's `user_metadata` and the custom keys of `app_metadata` (`provider` and
    /// `providers` stay what the identities say), each only when given.
    /// - Parameters:
    ///   - userID: The user.
    ///   - userMetadata: The new `user_metadata`, whole.
    ///   - appMetadata: The new `app_metadata`, whole.
    /// - Throws: `user_not_found`; `validation_failed` when the metadata is too large.
    package func consoleReplaceMetadata(of userID: String, userMetadata: JSONObject?, appMetadata: JSONObject?) throws(SupabaseFailure) {
        try checkMetadataSize(userMetadata)
        try checkMetadataSize(appMetadata)
        let now = clock.now()
        try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) in
            guard var user = store.user(userID) else { throw .adminUserNotFound }
            if let userMetadata { user.userMetadata = userMetadata }
            if var custom = appMetadata {
                custom["provider"] = nil
                custom["providers"] = nil
                user.customAppMetadata = custom.isEmpty ? nil : custom
            }
            user.updatedAt = max(store.stamp(now), user.updatedAt)
            store.rows.save(user)
        }
    }
}

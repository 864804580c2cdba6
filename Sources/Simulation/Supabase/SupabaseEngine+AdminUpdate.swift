import AuthData
import AuthJWT
import Foundation

/// The account fields of `PUT /admin/users/{id}` (GoTrue internal/api/admin.go `adminUserUpdate`):
/// `role`, `email_confirm`, `phone_confirm`, `password` (checked against the policy; every session
/// of the user ends), `email` and `phone` (E.164, unique).
extension SupabaseEngine {
    /// Applies the account fields; metadata and bans are applied by their own calls.
    /// - Throws: ``SupabaseFailure``: the password policy, 400 for a malformed email or phone
    ///   number, 422 `email_exists` or `phone_exists` for another user's, 404 `user_not_found`.
    package func adminUpdateAccount(
        bearer: String?, userID: String, email rawEmail: String?, password: String?, emailConfirm: Bool,
        phone rawPhone: String? = nil, phoneConfirm: Bool = false, role: String? = nil
    ) async throws(SupabaseFailure) -> SupabaseUserRecord {
        let current = try adminUser(bearer: bearer, userID: userID)
        // (`if let` rather than a typed-throws `flatMap`, which the iOS 16 SDK's standard library lacks.)
        let email: String? = if let rawEmail, !rawEmail.isEmpty { try normalizedEmail(rawEmail) } else { nil }
        let phone: String? = if let rawPhone, !rawPhone.isEmpty { try SupabasePhone.normalized(rawPhone) } else { nil }
        var hash: String?
        if let password {
            try SupabasePasswordPolicy.check(password, settings: configuration.settings)
            hash = try await hashPassword(password)
        }
        let role = role.flatMap { $0.isEmpty ? nil : $0 }
        guard email != nil || hash != nil || emailConfirm || phone != nil || phoneConfirm || role != nil else { return current }
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            guard var user = store.rows.user(current.id) else { throw .adminUserNotFound }
            if let phone { try store.requireFreePhone(phone, for: user.id) }
            if role != nil || phoneConfirm {
                store.adminSetRoleAndConfirmPhone(&user, role: role, confirmPhone: phoneConfirm, now: clock.now())
            }
            user = try store.adminUpdateAccount(current.id, email: email, encryptedPassword: hash, confirm: emailConfirm, now: clock.now())
            guard let phone else { return user }
            try store.adminSetPhone(&user, phone: phone, confirmed: phoneConfirm, now: clock.now())
            store.rows.save(user)
            return user
        }
    }
}

extension SupabaseStore {
    /// GoTrue's order: the password (`UpdatePassword`, all sessions end), `email_confirm`, then
    /// the email (its `email` identity follows, verified when `email_confirm` is set).
    package func adminUpdateAccount(
        _ userID: String, email: String?, encryptedPassword: String?, confirm shouldConfirm: Bool, now clock: Date
    ) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard var user = rows.user(userID) else { throw .adminUserNotFound }
        if let email, email != user.email, let owner = rows.userID(email: email), owner != userID {
            throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
        }
        if let encryptedPassword {
            user.encryptedPassword = encryptedPassword
            for session in rows.sessionIDs(userID: userID) { endSession(session) }
        }
        if shouldConfirm, user.emailConfirmedAt == nil { confirm(&user, now: stamp(clock)) }
        if let email, email != user.email {
            user.email = email
            let now = stamp(clock)
            if let index = user.identities.firstIndex(where: { $0.provider == "email" }) {
                user.identities[index].email = email
                user.identities[index].identityData["email"] = .string(email)
                user.identities[index].identityData["email_verified"] = .bool(shouldConfirm)
                user.identities[index].updatedAt = now
            } else {
                let data: JSONObject = [
                    "sub": .string(userID), "email": .string(email), "email_verified": .bool(shouldConfirm), "phone_verified": .bool(false),
                ]
                user.identities.append(
                    SupabaseIdentityRecord(
                        identityID: RandomIdentifiers.uuid(), provider: "email", providerID: userID, identityData: data,
                        email: email, createdAt: now, updatedAt: now))
            }
        }
        user.updatedAt = stamp(clock)
        rows.save(user)
        return user
    }
}

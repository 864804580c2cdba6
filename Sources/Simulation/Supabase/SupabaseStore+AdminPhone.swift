import AuthData
import AuthJWT
import Foundation

/// What the admin routes do with `phone`, `phone_confirm` and `role` (GoTrue internal/api/admin.go
/// `adminUserCreate`, `adminUserUpdate`; internal/models/user.go `SetRole`, `SetPhone`,
/// `ConfirmPhone`). The number arrives validated (``SupabasePhone``).
extension SupabaseStore {
    /// GoTrue's `IsDuplicatedPhone`: 422 `phone_exists` when another user has the number (on
    /// update GoTrue leaves it to the database's unique key, a 500; this emulator answers the same
    /// 422 as on create).
    func requireFreePhone(_ phone: String?, for userID: String) throws(SupabaseFailure) {
        guard let phone, let owner = rows.userID(phone: phone), owner != userID else { return }
        throw .api(status: 422, code: "phone_exists", message: "Phone number already registered by another user")
    }

    /// A `phone` identity as `createNewIdentity(tx, user, "phone", Claims{Subject, Phone, PhoneVerified})` makes it.
    static func phoneIdentity(userID: String, phone: String, verified: Bool, now: Date) -> SupabaseIdentityRecord {
        let data: JSONObject = [
            "sub": .string(userID), "phone": .string(phone), "email_verified": .bool(false), "phone_verified": .bool(verified),
        ]
        return SupabaseIdentityRecord(
            identityID: RandomIdentifiers.uuid(), provider: "phone", providerID: userID, identityData: data,
            createdAt: now, updatedAt: now, lastSignInAt: now)
    }

    /// `SetRole` (trimmed; GoTrue's default group when empty is kept as `nil`) and `ConfirmPhone`
    /// (`phone_confirmed_at` now, whatever it was), saved.
    func adminSetRoleAndConfirmPhone(_ user: inout SupabaseUserRecord, role: String?, confirmPhone: Bool, now clock: Date) {
        if let role, !role.isEmpty {
            let trimmed = role.trimmingCharacters(in: .whitespaces)
            user.role = trimmed == SupabaseUserRecord.defaultRole ? nil : trimmed
        }
        if confirmPhone { user.phoneConfirmedAt = stamp(clock) }
        rows.save(user)
    }

    /// `PUT /admin/users/{id}` with `phone`: the user's `phone` identity takes the number (and
    /// `phone_verified` from `phone_confirm`), or one is made; an anonymous user with
    /// `phone_confirm` stops being anonymous; then `SetPhone`.
    func adminSetPhone(_ user: inout SupabaseUserRecord, phone: String, confirmed: Bool, now clock: Date) throws(SupabaseFailure) {
        try requireFreePhone(phone, for: user.id)
        let now = stamp(clock)
        if let index = user.identities.firstIndex(where: { $0.provider == "phone" }) {
            user.identities[index].identityData["phone"] = .string(phone)
            user.identities[index].identityData["phone_verified"] = .bool(confirmed)
            user.identities[index].updatedAt = now
        } else {
            user.identities.append(Self.phoneIdentity(userID: user.id, phone: phone, verified: confirmed, now: now))
        }
        if user.isAnonymous, confirmed { user.isAnonymous = false }
        user.phone = phone
    }
}

import AuthData
import AuthJWT
import Foundation

/// The user's own record and the admin's actions, after GoTrue's `api/user.go`,
/// `api/identity.go` (`DeleteIdentity`), `models/user.go` and `api/admin.go`.
extension SupabaseStore {
    package func updateUser(_ userID: String, data: JSONObject?, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard var user = rows.user(userID) else { throw .userNotFound }
        if let data { user.userMetadata = user.userMetadata.merging(data) }
        user.updatedAt = stamp(clock)
        rows.save(user)
        return user
    }

    /// `DeleteIdentity`, after the route's own checks: 422 `single_identity_not_deletable` for a
    /// user's last identity (before the id is looked up), 422 `identity_not_found`; then, if the
    /// user's email belonged to the removed identity, `UpdateUserEmailFromIdentities`.
    package func unlinkIdentity(_ identityID: UUID, fromUser userID: String, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord
    {
        guard var user = rows.user(userID) else { throw .userNotFound }
        guard user.identities.count > 1 else { throw .singleIdentity }
        guard let position = user.identities.firstIndex(where: { UUID(uuidString: $0.identityID) == identityID }) else {
            throw .identityNotFound
        }
        user.identities.remove(at: position)
        try promoteEmail(of: &user)
        user.updatedAt = stamp(clock)
        rows.save(user)
        return user
    }

    /// `UpdateUserEmailFromIdentities`: a user whose email no identity has any more takes the
    /// email of an identity (verified first, then unverified, then none; oldest first) that no
    /// other user has; pending codes are dropped, and an unverified email is not confirmed.
    private func promoteEmail(of user: inout SupabaseUserRecord) throws(SupabaseFailure) {
        let email = { (identity: SupabaseIdentityRecord) in identity.email?.lowercased() ?? "" }
        guard !user.identities.contains(where: { email($0) == user.email }) else { return }
        let verified = { (identity: SupabaseIdentityRecord) in VerifiedIDToken.flexibleBool(identity.identityData["email_verified"]) == true
        }
        let rank = { (identity: SupabaseIdentityRecord) in email(identity).isEmpty ? 2 : verified(identity) ? 0 : 1 }
        let ranked = user.identities.sorted {
            (rank($0), $0.createdAt, $0.identityID) < (rank($1), $1.createdAt, $1.identityID)
        }
        let userID = user.id
        guard let primary = ranked.first(where: { email($0).isEmpty || (rows.userID(email: email($0)) ?? userID) == userID }) else {
            throw .api(
                status: 422, code: "email_conflict_identity_not_deletable", message: "Unable to unlink identity due to email conflict")
        }
        user.email = email(primary)
        user.otp = nil
        user.reauthentication = nil
        if user.email.isEmpty || !verified(primary) {
            user.emailConfirmedAt = nil
            user.userMetadata["email_verified"] = .bool(false)
        }
    }

    package func deleteUser(_ userID: String) throws(SupabaseFailure) {
        guard rows.user(userID) != nil else { throw .adminUserNotFound }
        rows.deleteUser(userID)
    }

    /// `User.Ban`: `banned_until`, sessions untouched (GoTrue answers `user_banned` on refresh and
    /// on every authenticated route while the ban lasts, and the sessions work again after).
    package func ban(_ userID: String, until: Date?, now clock: Date) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard var user = rows.user(userID) else { throw .adminUserNotFound }
        user.bannedUntil = until
        user.updatedAt = stamp(clock)
        rows.save(user)
        return user
    }
}

extension SupabaseStore {
    /// `SignupAnonymously` (api/anonymous.go): `created_at`, then the session.
    package func signUpAnonymously(data: JSONObject, now clock: Date) throws(SupabaseFailure) -> Issued {
        guard configuration.anonymousSignInsEnabled else { throw .anonymousDisabled }
        let created = stamp(clock)
        let userID = RandomIdentifiers.uuid()
        rows.save(
            SupabaseUserRecord(
                id: userID, email: "", emailConfirmedAt: nil, userMetadata: data, identities: [],
                createdAt: created, updatedAt: created, lastSignInAt: nil, isAnonymous: true))
        return try issueSession(for: userID, amr: "anonymous", now: clock, showsConfirmedAt: false)
    }
}

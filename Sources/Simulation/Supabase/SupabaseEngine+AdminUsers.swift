import AuthData
import AuthJWT
import Foundation

/// GoTrue's admin users API (`/admin/users`, a `service_role` token): listing with
/// `page`/`per_page` paging, reading one user, and writing `app_metadata` and `user_metadata`.
extension SupabaseEngine {
    /// One page of `GET /admin/users`.
    package struct AdminUserPage: Sendable {
        /// The users on this page, newest first (GoTrue's default `created_at desc`).
        package var users: [SupabaseUserRecord]
        /// How many users there are in all (`X-Total-Count`).
        package var total: Int
        /// The page number, from 1.
        package var page: Int
        /// The page size.
        package var perPage: Int

        /// The number of pages (`rel="last"`; 0 when there are no users).
        package var pageCount: Int { (total + perPage - 1) / perPage }
    }

    /// `GET /admin/users?page=&per_page=`.
    /// - Parameters:
    ///   - bearer: The `service_role` token.
    ///   - page: The page, from 1.
    ///   - perPage: Users per page, at least 1.
    /// - Returns: The page.
    /// - Throws: ``SupabaseFailure`` (`no_authorization`, `bad_jwt`, `not_admin`).
    package func adminListUsers(bearer: String?, page: Int, perPage: Int) throws(SupabaseFailure) -> AdminUserPage {
        try requireAdmin(bearer)
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        return try inspect { (store: SupabaseStore) throws(SupabaseFailure) -> AdminUserPage in
            let total = store.rows.userCount()
            let users = overflow || offset >= total ? [] : store.rows.users(offset: offset, limit: perPage)
            return AdminUserPage(users: users, total: total, page: page, perPage: perPage)
        }
    }

    /// `GET /admin/users/{id}`.
    /// - Parameters:
    ///   - bearer: The `service_role` token.
    ///   - userID: The user's UUID.
    /// - Returns: The user.
    /// - Throws: ``SupabaseFailure``: 404 `validation_failed` for a non-UUID, `user_not_found`.
    package func adminUser(bearer: String?, userID: String) throws(SupabaseFailure) -> SupabaseUserRecord {
        try requireAdmin(bearer)
        let id = try Self.adminUserID(userID)
        guard let user = try inspect({ (store: SupabaseStore) throws(SupabaseFailure) in store.user(id) }) else { throw .adminUserNotFound }
        return user
    }

    /// `PUT /admin/users/{id}` with `app_metadata` and `user_metadata`: each merges its top-level
    /// keys into what is stored, a `null` value removing a key. `provider` and `providers` in
    /// `app_metadata` stay what the identities say (GoTrue recomputes them on the next identity
    /// change).
    /// - Parameters:
    ///   - bearer: The `service_role` token.
    ///   - userID: The user's UUID.
    ///   - appMetadata: Keys to merge into `app_metadata`.
    ///   - userMetadata: Keys to merge into `user_metadata`.
    /// - Returns: The updated user.
    /// - Throws: ``SupabaseFailure``.
    package func adminUpdateMetadata(
        bearer: String?, userID: String, appMetadata: JSONObject?, userMetadata: JSONObject?
    ) throws(SupabaseFailure) -> SupabaseUserRecord {
        try requireAdmin(bearer)
        let id = try Self.adminUserID(userID)
        let now = clock.now()
        return try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) -> SupabaseUserRecord in
            guard var user = store.user(id) else { throw .adminUserNotFound }
            if let appMetadata {
                var custom = (user.customAppMetadata ?? [:]).merging(appMetadata)
                custom["provider"] = nil
                custom["providers"] = nil
                user.customAppMetadata = custom.isEmpty ? nil : custom
            }
            if let userMetadata { user.userMetadata.merge(userMetadata) }
            user.updatedAt = max(now, user.updatedAt)
            store.rows.save(user)
            return user
        }
    }

    private static func adminUserID(_ raw: String) throws(SupabaseFailure) -> String {
        guard UUID(uuidString: raw) != nil else { throw .api(status: 404, code: "validation_failed", message: "user_id must be an UUID") }
        return raw.lowercased()
    }
}

extension SupabaseUserRecord {
    /// The user as the admin API returns it: the user object with `banned_until`.
    package var adminJSON: JSONObject {
        var object = payload.jsonObject
        if let until = bannedUntil { object["banned_until"] = .string(RFC3339.format(until)) }
        if let invitedAt { object["invited_at"] = .string(RFC3339.format(invitedAt)) }
        return object
    }
}

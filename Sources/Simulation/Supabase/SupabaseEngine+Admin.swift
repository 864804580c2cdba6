import AuthData
import AuthJWT
import Foundation

/// The service-role routes (`api/admin.go`) and the keys the Supabase CLI prints.
extension SupabaseEngine {
    /// `DELETE /admin/users/{id}` with a `service_role` token.
    package func adminDeleteUser(bearer: String?, userID: String) async throws(SupabaseFailure) {
        try requireAdmin(bearer)
        guard UUID(uuidString: userID) != nil else {
            throw .api(status: 404, code: "validation_failed", message: "user_id must be an UUID")
        }
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in try store.deleteUser(userID.lowercased()) }
    }

    /// `PUT /admin/users/{id}` with `ban_duration`: `"none"` lifts a ban, anything else is read
    /// as Go's `time.ParseDuration` reads it. A negative duration is refused (GoTrue accepts it
    /// and stores a `banned_until` in the past).
    package func adminBanUser(bearer: String?, userID: String, banDuration: String) async throws(SupabaseFailure) -> SupabaseUserPayload {
        try requireAdmin(bearer)
        guard UUID(uuidString: userID) != nil else {
            throw .api(status: 404, code: "validation_failed", message: "user_id must be an UUID")
        }
        guard !banDuration.isEmpty else {
            // An empty `ban_duration` leaves the ban as it is.
            guard let user = try inspect({ (store: SupabaseStore) throws(SupabaseFailure) in store.user(userID.lowercased()) }) else {
                throw .adminUserNotFound
            }
            return user.payload
        }
        let until = try Self.bannedUntil(banDuration, now: clock.now())
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.ban(userID.lowercased(), until: until, now: clock.now())
        }.payload
    }

    /// `banned_until` for a `ban_duration`: `nil` for `"none"` or a zero duration.
    /// - Throws: 400 `validation_failed` "invalid format for ban duration: …" with Go's message.
    static func bannedUntil(_ banDuration: String, now: Date) throws(SupabaseFailure) -> Date? {
        guard banDuration != "none" else { return nil }
        let nanoseconds: Int64
        do {
            nanoseconds = try GoDuration.nanoseconds(banDuration)
        } catch {
            throw .validation("invalid format for ban duration: " + error.message)
        }
        guard nanoseconds >= 0 else { throw .validation("invalid format for ban duration: a negative duration is not a ban") }
        return nanoseconds == 0 ? nil : now.addingTimeInterval(Double(nanoseconds) / 1_000_000_000)
    }

    /// A `service_role` key for the admin routes, as the Supabase CLI prints one.
    package func serviceRoleKey() throws -> String {
        try configuration.accessTokenKeys.apiKeySigner.sign([
            "iss": .string("supabase-demo"), "role": .string("service_role"), "exp": .int(nowSeconds + 10 * 365 * 86_400),
        ])
    }

    /// The public keys of asymmetric access-token keys (`/.well-known/jwks.json`); empty for HS256.
    package var jwks: JSONObject { configuration.accessTokenKeys.jwks }

    /// `requireAdminCredentials` (api/middleware.go): a signed token whose `role` is an admin
    /// role. `exp` is checked when present, as GoTrue's parser does (api/auth.go builds it
    /// without golang-jwt's `WithExpirationRequired`): a project's service-role key minted
    /// without one, as supabase-py's test fixtures mint theirs, is accepted.
    func requireAdmin(_ bearer: String?) throws(SupabaseFailure) {
        guard let bearer, !bearer.isEmpty else { throw .noAuthorization }
        guard let jws = try? CompactJWS(parsing: bearer), configuration.accessTokenKeys.verifies(jws) else {
            throw .badJWT("signature is invalid")
        }
        if jws.payload["exp"] != nil { try checkExpiry(jws.payload) }
        if let sessionID = jws.payload["session_id"]?.stringValue, !sessionID.isEmpty, sessionID != Self.nilUUID {
            let subject = jws.payload["sub"]?.stringValue
            try inspect { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.authenticateAdminSession(userID: subject, sessionID: sessionID)
            }
        }
        guard let role = jws.payload["role"]?.stringValue, ["service_role", "supabase_admin"].contains(role) else { throw .notAdmin }
    }
}

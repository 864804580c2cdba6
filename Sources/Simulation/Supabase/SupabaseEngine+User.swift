import AuthData
import AuthJWT
import Foundation

/// The signed-in user's routes: `GET` and `PUT /user`, `DELETE /user/identities/{id}`,
/// `POST /logout` (GoTrue's `api/user.go`, `api/identity.go`, `api/logout.go`).
extension SupabaseEngine {
    /// The changes `PUT /user` asks for (`UserUpdateParams`).
    package struct UserUpdate: Sendable {
        package var data: JSONObject?
        package var email: String?
        package var password: String?
        package var phone: String?
        /// `app_metadata`, when present and not `null`.
        package var appMetadata: JSONObject?
        /// The code `GET /reauthenticate` mailed, for a password change that needs it.
        package var nonce: String?

        package init(
            data: JSONObject? = nil, email: String? = nil, password: String? = nil, phone: String? = nil,
            appMetadata: JSONObject? = nil, nonce: String? = nil
        ) {
            self.data = data
            self.email = email
            self.password = password
            self.phone = phone
            self.appMetadata = appMetadata
            self.nonce = nonce
        }
    }

    /// `GET /user`.
    package func user(bearer: String?) async throws(SupabaseFailure) -> SupabaseUserPayload {
        let caller = try await authenticate(bearer)
        var payload = caller.user.payload
        let factors = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.factors(userID: caller.userID) }
        payload.factors = factors.isEmpty ? nil : factors.map(\.payload)
        return payload
    }

    /// `PUT /user` in GoTrue's order (internal/api/user.go `UserUpdate`): the parameters are
    /// validated (a new password against the policy), `app_metadata` from a user who is not an
    /// admin is 403 `not_admin` (users here never are), an anonymous user needs an email with a
    /// password, a new address another user has is 422 `email_exists`; then the password (after
    /// the reauthentication `nonce` where GoTrue asks for it, and 422 `same_password`; the
    /// user's other sessions end), the metadata, and the change of address, mailed
    /// (``SupabaseStore/requestEmailChange(userID:newEmail:now:)``). A new phone needs an SMS
    /// provider, which this project has not: GoTrue's 500 "Unable to get SMS provider".
    package func updateUser(
        bearer: String?, _ update: UserUpdate, referrers: [String?] = [], client: String = inProcessClient
    ) async throws(SupabaseFailure) -> SupabaseUserPayload {
        let caller = try await authenticate(bearer)
        try limit(\.otp, "user", client: client)
        // (`if let` rather than a typed-throws `flatMap`, which the iOS 16 SDK's standard library lacks.)
        let email: String? = if let given = update.email, !given.isEmpty { try normalizedEmail(given) } else { nil }
        let phone: String? = if let given = update.phone, !given.isEmpty { try SupabasePhone.normalized(given) } else { nil }
        let password = update.password ?? ""
        if !password.isEmpty { try SupabasePasswordPolicy.check(password, settings: configuration.settings) }
        guard update.appMetadata == nil else { throw .notAdminForAppMetadata }
        try requireAAL2ForCredentialChange(caller, update)
        if !password.isEmpty, caller.user.isAnonymous, email == nil {
            throw .validation("Updating password of an anonymous user without an email or phone is not allowed", status: 422)
        }
        let newEmail = email.flatMap { $0 == caller.user.email ? nil : $0 }
        let taken = try newEmail.map { email throws(SupabaseFailure) in
            try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.emailTaken(email, byOtherThan: caller.userID) }
        }
        if taken == true {
            throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
        }
        try checkMetadataSize(update.data)
        if phone != nil { throw .api(status: 500, code: "unexpected_failure", message: "Unable to get SMS provider") }
        if let newPassword = update.password { try await changePassword(caller, to: newPassword, nonce: update.nonce) }
        return try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            var user = try store.updateUser(caller.userID, data: update.data, now: clock.now())
            if let newEmail {
                for sent in try store.requestEmailChange(userID: caller.userID, newEmail: newEmail, now: clock.now()) {
                    try deliver(sent.mail, to: sent.address, in: rows, referrers: referrers)
                }
                user = store.user(caller.userID) ?? user
            }
            return user
        }.payload
    }

    /// `PUT /user` with `data` (merged into `user_metadata`).
    package func updateUser(bearer: String?, data: JSONObject?, email: String?, password: String?) async throws(SupabaseFailure)
        -> SupabaseUserPayload
    {
        try await updateUser(bearer: bearer, UserUpdate(data: data, email: email, password: password))
    }

    /// `DELETE /user/identities/{identity_id}` in GoTrue's order: the access token, then 404
    /// `manual_linking_disabled` unless `GOTRUE_SECURITY_MANUAL_LINKING_ENABLED`, 404
    /// `validation_failed` for an id that is not a UUID (any case), then the store's 422s.
    package func unlinkIdentity(bearer: String?, identityID: String) async throws(SupabaseFailure) -> SupabaseUserPayload {
        let caller = try await authenticate(bearer)
        guard configuration.settings.manualLinkingEnabled else { throw .manualLinkingDisabled }
        guard let id = UUID(uuidString: identityID) else {
            throw .api(status: 404, code: "validation_failed", message: "identity_id must be an UUID")
        }
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.unlinkIdentity(id, fromUser: caller.userID, now: clock.now())
        }.payload
    }

    /// `POST /logout?scope=`.
    package func logout(bearer: String?, scope: String?) async throws(SupabaseFailure) {
        let caller = try await authenticate(bearer)
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.logout(userID: caller.userID, sessionID: caller.sessionID, scope: scope ?? "global")
        }
    }
}

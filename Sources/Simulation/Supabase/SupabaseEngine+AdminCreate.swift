import AuthData
import AuthJWT
import Foundation

/// `POST /admin/users` (GoTrue internal/api/admin.go `adminUserCreate`).
extension SupabaseEngine {
    /// Creates a user as the service role: with the email, a password (not checked against the
    /// policy, as GoTrue does not), a bcrypt `password_hash`, or neither (GoTrue then sets a
    /// random 64-character password); `email_confirm`, a `phone` (E.164) and `phone_confirm`, a
    /// `role`, metadata, `ban_duration` and a chosen `id`.
    /// - Throws: ``SupabaseFailure``: 422 `email_exists` or `phone_exists`, 400 `validation_failed`
    ///   (a malformed phone number among them), or GoTrue's 500 "Error creating user" for a hash
    ///   that is not bcrypt.
    package func adminCreateUser(bearer: String?, _ params: SupabaseAdminNewUser) async throws(SupabaseFailure) -> SupabaseUserRecord {
        try requireAdmin(bearer)
        let email = params.email ?? ""
        let phone = params.phone ?? ""
        guard !email.isEmpty || !phone.isEmpty else { throw .validation("Cannot create a user without either an email or phone") }
        let address = email.isEmpty ? "" : try normalizedEmail(email)
        let number: String? = phone.isEmpty ? nil : try SupabasePhone.normalized(phone)
        let password = params.password ?? ""
        let hash = params.passwordHash ?? ""
        guard params.password == nil || hash.isEmpty else { throw .validation("Only a password or a password hash should be provided") }
        let encrypted: String
        if !hash.isEmpty {
            guard (try? BcryptHash(parsing: hash)) != nil else {
                throw .api(status: 500, code: "unexpected_failure", message: "Error creating user")
            }
            encrypted = hash
        } else {
            let chosen = password.isEmpty ? RandomIdentifiers.opaqueToken(64) : password
            guard chosen.utf8.count <= Bcrypt.maximumPasswordBytes else { throw .validation("bcrypt: password length exceeds 72 bytes") }
            encrypted = try await hashPassword(chosen)
        }
        let id = try Self.customUserID(params.id)
        var bannedUntil: Date?
        if let duration = params.banDuration, !duration.isEmpty { bannedUntil = try Self.bannedUntil(duration, now: clock.now()) }
        return try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            var user = try store.adminCreateUser(
                id: id, email: address, phone: number, encryptedPassword: encrypted, confirm: params.emailConfirm,
                userMetadata: params.userMetadata ?? [:], appMetadata: params.appMetadata, bannedUntil: bannedUntil, now: clock.now())
            guard params.phoneConfirm || !(params.role ?? "").isEmpty else { return user }
            store.adminSetRoleAndConfirmPhone(&user, role: params.role, confirmPhone: params.phoneConfirm, now: clock.now())
            return user
        }
    }

    private static func customUserID(_ raw: String?) throws(SupabaseFailure) -> String {
        guard let raw, !raw.isEmpty else { return RandomIdentifiers.uuid() }
        guard let uuid = UUID(uuidString: raw) else { throw .validation("ID must conform to the uuid v4 format") }
        guard uuid != UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) else { throw .validation("ID cannot be a nil uuid") }
        return raw.lowercased()
    }
}

extension SupabaseStore {
    /// The rows of an admin-created user: an `email` identity and a `phone` identity (each when
    /// given), `app_metadata` merged over `provider`/`providers`, then confirmation and ban. `user_metadata` is what the admin sent,
    /// nothing merged in: GoTrue internal/api/admin.go `adminUserCreate` keeps the identity's
    /// claims in the identity only.
    package func adminCreateUser(
        id: String, email: String, phone: String? = nil, encryptedPassword: String, confirm shouldConfirm: Bool, userMetadata: JSONObject,
        appMetadata: JSONObject?, bannedUntil: Date?, now clock: Date
    ) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard rows.userID(email: email) == nil else {
            throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
        }
        try requireFreePhone(phone, for: id)
        guard rows.user(id) == nil else { throw .api(status: 422, code: "user_already_exists", message: "User already registered") }
        let created = stamp(clock)
        let identityData: JSONObject = [
            "sub": .string(id), "email": .string(email), "email_verified": .bool(false), "phone_verified": .bool(false),
        ]
        var identities =
            email.isEmpty
            ? []
            : [
                SupabaseIdentityRecord(
                    identityID: RandomIdentifiers.uuid(), provider: "email", providerID: id, identityData: identityData,
                    email: email, createdAt: created, updatedAt: created, lastSignInAt: created)
            ]
        if let phone { identities.append(Self.phoneIdentity(userID: id, phone: phone, verified: false, now: created)) }
        var custom = appMetadata ?? [:]
        custom["provider"] = nil
        custom["providers"] = nil
        var user = SupabaseUserRecord(
            id: id, email: email, userMetadata: userMetadata, identities: identities,
            createdAt: created, updatedAt: created, isAnonymous: false, bannedUntil: bannedUntil,
            customAppMetadata: custom.isEmpty ? nil : custom, encryptedPassword: encryptedPassword)
        user.phone = phone
        if shouldConfirm { confirm(&user, now: stamp(clock)) }
        rows.save(user)
        return user
    }
}

/// `POST /admin/generate_link` for `signup`, `magiclink` and `recovery` (GoTrue internal/api/mail.go).
extension SupabaseEngine {
    /// The answer: the user, and the link's parts as GoTrue's `GenerateLinkResponse` names them.
    package struct GeneratedLink: Sendable {
        package var user: SupabaseUserRecord
        package var actionLink: String
        package var emailOTP: String
        package var hashedToken: String
        package var verificationType: String
        package var redirectTo: String
    }

    /// Makes a link without mailing it. `invite` creates the user as `/invite` does (or re-invites
    /// an unconfirmed one; 422 `email_exists` for a confirmed one); `email_change_current` and
    /// `email_change_new` take `new_email`
    /// (``SupabaseStore/generateEmailChangeLink(type:email:newEmail:now:)``).
    package func adminGenerateLink(
        bearer: String?, type: String?, email rawEmail: String?, password: String?, data: JSONObject?, redirectTo: String?,
        newEmail: String? = nil
    ) async throws(SupabaseFailure) -> GeneratedLink {
        try requireAdmin(bearer)
        let email = try normalizedEmail(rawEmail)
        let type = type ?? ""
        if [SupabaseEmailChange.currentKind, SupabaseEmailChange.newKind].contains(type) {
            return try generateEmailChangeLink(type: type, email: email, newEmail: newEmail, redirectTo: redirectTo)
        }
        try checkMetadataSize(data)
        let referrer = SupabaseRedirects.target(
            redirectTo, siteURL: configuration.settings.siteURL, allowList: configuration.settings.uriAllowList)
        if type == "invite" {
            // GoTrue internal/api/mail.go (adminGenerateLink, InviteVerification): the invite's
            // rows as POST /invite makes them, with the link returned instead of mailed.
            let (user, mail) = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.invite(email: email, data: data ?? [:], now: clock.now())
            }
            let link =
                configuration.issuer + "/verify?"
                + FormEncoding.encode([
                    ("token", mail.tokenHash), ("type", type), ("redirect_to", referrer),
                ])
            return GeneratedLink(
                user: user, actionLink: link, emailOTP: mail.code, hashedToken: mail.tokenHash, verificationType: type, redirectTo: referrer
            )
        }
        // bcrypt runs before the step, and only when the link would create the user.
        let known = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.userID(forEmail: email) != nil }
        var signUpHash: String?
        if !known, type == "signup" {
            let chosen = password ?? ""
            guard !chosen.isEmpty else { throw .validation("Signup requires a valid password") }
            try SupabasePasswordPolicy.check(chosen, settings: configuration.settings)
            signUpHash = try await hashPassword(chosen)
        } else if !known, type == "magiclink" {
            signUpHash = try await hashPassword(RandomIdentifiers.opaqueToken(64))
        }
        let made = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.generateLink(type: type, email: email, signUpHash: signUpHash, data: data ?? [:], now: clock.now())
        }
        let link =
            configuration.issuer + "/verify?"
            + FormEncoding.encode([
                ("token", made.mail.tokenHash), ("type", made.type), ("redirect_to", referrer),
            ])
        return GeneratedLink(
            user: made.user, actionLink: link, emailOTP: made.mail.code, hashedToken: made.mail.tokenHash,
            verificationType: made.type, redirectTo: referrer)
    }
}

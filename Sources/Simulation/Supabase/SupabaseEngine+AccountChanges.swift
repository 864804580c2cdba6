import AuthData
import AuthJWT
import Foundation

/// The password and address changes of `PUT /user`, and the `email_change` verification
/// (GoTrue internal/api/user.go, reauthenticate.go, verify.go `emailChangeVerify`).
extension SupabaseEngine {
    /// How long after its sign-in a session may change the password without a reauthentication
    /// code, where one is required (GoTrue internal/api/user.go: `session.CreatedAt.Add(24*time.Hour)`).
    static let recentSessionWindow: TimeInterval = 24 * 3600

    /// The password branch of `PUT /user`: with `GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION`
    /// a session older than 24 hours needs the mailed `nonce` (400 `reauthentication_needed`
    /// without one, 422 `reauthentication_not_valid` for a wrong or expired one; a right one is
    /// spent even if the change then fails, as GoTrue spends it outside the change's transaction);
    /// then 422 `same_password`, the new hash, and the user's other sessions ended.
    func changePassword(_ caller: Caller, to password: String, nonce: String?) async throws(SupabaseFailure) {
        if configuration.settings.updatePasswordRequireReauthentication {
            let created = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in store.rows.session(caller.sessionID)?.createdAt }
            let recent = created.map { clock.now() <= $0.addingTimeInterval(Self.recentSessionWindow) } ?? false
            if !recent {
                guard let nonce, !nonce.isEmpty else {
                    throw .api(status: 400, code: "reauthentication_needed", message: "Password update requires reauthentication")
                }
                try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                    try store.verifyReauthentication(userID: caller.userID, nonce: nonce, now: clock.now())
                }
            }
        }
        guard !password.isEmpty else { return }
        if let old = caller.user.encryptedPassword, await hashing.verify(Array(password.utf8), against: old) {
            throw .api(status: 422, code: "same_password", message: "New password should be different from the old password.")
        }
        let hash = try await hashPassword(password)
        _ = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.setPassword(userID: caller.userID, encryptedPassword: hash, keepingSession: caller.sessionID, now: clock.now())
        }
    }

    /// `POST /verify` type `email_change` with a hash: GoTrue's message for the first of two
    /// confirmations, else the session of the changed user.
    func verifyEmailChange(hash: String, failure: SupabaseFailure) throws(SupabaseFailure) -> SupabaseVerifyResponse {
        let step = try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.verifyEmailChange(hash: hash, failure: failure, now: clock.now())
        }
        switch step {
        case .confirmationAccepted: return .confirmationAccepted(message: SupabaseVerifyResponse.singleConfirmationAccepted)
        case .changed(let issued): return .session(try sessionPayload(issued))
        }
    }
}

extension SupabaseEngine {
    /// `POST /admin/generate_link` with an `email_change_*` type: the link carries type
    /// `email_change` and the stored hash; `hashed_token` is the hash of the code with the
    /// user's current address for both types, as GoTrue answers it (internal/api/mail.go
    /// `adminGenerateLink`), though the new address's link is hashed with the new address.
    func generateEmailChangeLink(
        type: String, email: String, newEmail rawNewEmail: String?, redirectTo: String?
    ) throws(SupabaseFailure) -> GeneratedLink {
        let newEmail = try normalizedEmail(rawNewEmail)
        let settings = configuration.settings
        let referrer = SupabaseRedirects.target(redirectTo, siteURL: settings.siteURL, allowList: settings.uriAllowList)
        let made = try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.generateEmailChangeLink(type: type, email: email, newEmail: newEmail, now: clock.now())
        }
        let link =
            configuration.issuer + "/verify?"
            + FormEncoding.encode([
                ("token", made.linkHash), ("type", "email_change"), ("redirect_to", referrer),
            ])
        return GeneratedLink(
            user: made.user, actionLink: link, emailOTP: made.code, hashedToken: SupabaseStore.hash(email: email, code: made.code),
            verificationType: type, redirectTo: referrer)
    }
}

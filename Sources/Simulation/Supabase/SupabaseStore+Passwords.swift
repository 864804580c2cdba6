import AuthData
import AuthJWT
import Foundation

/// Email + password accounts after GoTrue's internal/api/signup.go and token.go
/// (`ResourceOwnerPasswordGrant`). Passwords arrive here already hashed: bcrypt runs outside
/// the step, so that a write transaction never waits for it.
extension SupabaseStore {
    /// What `POST /signup` with an email and a password ends in.
    package enum PasswordSignUp: Sendable {
        /// Confirmed at once (`GOTRUE_MAILER_AUTOCONFIRM`): a session.
        case session(Issued)
        /// A confirmation was mailed (or the resend interval had not passed): the user, no session.
        case confirmationSent(SupabaseUserRecord, Mail?)
        /// The address already has a confirmed account: GoTrue answers with an obfuscated user.
        case alreadyConfirmed
    }

    /// Signs up a new email + password user, or mails the confirmation again to an unconfirmed one
    /// (whose password and metadata GoTrue leaves as they were).
    /// - Throws: 422 `user_already_exists` for a confirmed address when autoconfirm is on.
    package func signUp(
        email: String, encryptedPassword: String, data: JSONObject, now clock: Date
    ) throws(SupabaseFailure) -> PasswordSignUp {
        let autoconfirm = configuration.settings.mailerAutoconfirm
        if let existing = rows.userID(email: email).flatMap(rows.user) {
            guard existing.emailConfirmedAt == nil else {
                if autoconfirm { throw .userAlreadyExists }
                return .alreadyConfirmed
            }
            let mail = autoconfirm ? nil : try? sendCode(to: email, now: clock)
            return .confirmationSent(rows.user(existing.id) ?? existing, mail)
        }
        var user = newEmailUser(email: email, encryptedPassword: encryptedPassword, data: data, now: clock)
        let userID = user.id
        guard autoconfirm else {
            rows.save(user)
            let mail = try sendCode(to: email, now: clock)
            return .confirmationSent(rows.user(userID) ?? user, mail)
        }
        confirm(&user, now: stamp(clock))
        rows.save(user)
        return .session(try issueSession(for: userID, amr: "password", now: clock))
    }

    /// A new, unconfirmed email user with its `email` identity (GoTrue `signupNewUser` and
    /// `createNewIdentity`: the request's `data` joins the identity data without replacing it).
    func newEmailUser(email: String, encryptedPassword: String?, data: JSONObject, now clock: Date) -> SupabaseUserRecord {
        let created = stamp(clock)
        let userID = RandomIdentifiers.uuid()
        var identityData: JSONObject = [
            "sub": .string(userID), "email": .string(email), "email_verified": .bool(false), "phone_verified": .bool(false),
        ]
        for entry in data where identityData[entry.key] == nil { identityData[entry.key] = entry.value }
        return SupabaseUserRecord(
            id: userID, email: email, userMetadata: data.merging(identityData),
            identities: [
                SupabaseIdentityRecord(
                    identityID: RandomIdentifiers.uuid(), provider: "email", providerID: userID, identityData: identityData,
                    email: email, createdAt: created, updatedAt: created, lastSignInAt: created)
            ],
            createdAt: created, updatedAt: created, isAnonymous: false, encryptedPassword: encryptedPassword)
    }

    /// The row a password sign-in checks, read before bcrypt runs.
    package struct PasswordCandidate: Sendable {
        package var userID: String
        package var encryptedPassword: String?
        package var banned: Bool
        package var confirmed: Bool
    }

    /// The user a password sign-in with this email would check.
    package func passwordCandidate(email: String, now: Date) -> PasswordCandidate? {
        guard let user = rows.userID(email: email).flatMap(rows.user) else { return nil }
        return PasswordCandidate(
            userID: user.id, encryptedPassword: user.encryptedPassword, banned: isBanned(user, now: now),
            confirmed: user.emailConfirmedAt != nil)
    }

    /// Issues the session of a verified password, if the hash that was checked is still the
    /// user's (a concurrent change of password wins).
    package func signIn(userID: String, checkedHash: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        guard let user = rows.user(userID), user.encryptedPassword == checkedHash else { throw .invalidCredentials }
        try ensureNotBanned(user, now: clock)
        return try issueSession(for: userID, amr: "password", now: clock)
    }
}

/// Recovery and password changes (GoTrue internal/api/recover.go, user.go).
extension SupabaseStore {
    /// `POST /recover`: a recovery code (GoTrue's recovery token; verified with type `recovery`)
    /// for a known address, within the resend interval; `nil` for an unknown one.
    package func requestRecovery(email: String, now clock: Date) throws(SupabaseFailure) -> Mail? {
        guard let userID = rows.userID(email: email), var user = rows.user(userID) else { return nil }
        let now = stamp(clock)
        if let last = user.recoverySentAt, last.addingTimeInterval(configuration.emailResendInterval) > now {
            throw .emailRateLimit(after: Int(last.addingTimeInterval(configuration.emailResendInterval).timeIntervalSince(now)))
        }
        var mail = newCode(for: &user, kind: "magiclink", now: now)
        rows.save(user)
        mail.kind = "recovery"
        return mail
    }

    /// `User.UpdatePassword`: the new hash, and every other session of the user ended.
    package func setPassword(
        userID: String, encryptedPassword: String, keepingSession sessionID: String, now clock: Date
    ) throws(SupabaseFailure) -> SupabaseUserRecord {
        guard var user = rows.user(userID) else { throw .userNotFound }
        user.encryptedPassword = encryptedPassword
        user.updatedAt = stamp(clock)
        rows.save(user)
        try logout(userID: userID, sessionID: sessionID, scope: "others")
        return user
    }

    /// GoTrue's `verifyReauthentication` (internal/api/reauthenticate.go): the nonce is the code
    /// `GET /reauthenticate` mailed to the user's address, within `GOTRUE_MAILER_OTP_EXP` of
    /// `reauthentication_sent_at`; a right one is spent (`ConfirmReauthentication`).
    /// - Throws: 422 `reauthentication_not_valid` "Nonce has expired or is invalid".
    package func verifyReauthentication(userID: String, nonce: String, now clock: Date) throws(SupabaseFailure) {
        let invalid = SupabaseFailure.api(status: 422, code: "reauthentication_not_valid", message: "Nonce has expired or is invalid")
        guard var user = rows.user(userID), let code = user.reauthentication, let sentAt = user.reauthenticationSentAt else {
            throw invalid
        }
        guard !user.email.isEmpty else {
            throw .api(status: 422, code: "reauthentication_not_valid", message: "Reauthentication requires an email or a phone number")
        }
        guard clock.timeIntervalSince(sentAt) <= configuration.otpLifetime,
            SHA256Hex.constantTimeEquals(code.tokenHash, Self.hash(email: user.email, code: nonce))
        else { throw invalid }
        user.reauthentication = nil
        rows.save(user)
    }
}

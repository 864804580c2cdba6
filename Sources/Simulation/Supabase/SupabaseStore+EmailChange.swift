import AuthData
import AuthJWT
import Foundation

/// A change of address after GoTrue's internal/api/user.go (`PUT /user` with `email`),
/// mail.go (`sendEmailChange`), verify.go (`emailChangeVerify`) and models/user.go
/// (`ConfirmEmailChange`, `IsDuplicatedEmail`).
extension SupabaseStore {
    /// A mailed code of an email change, with the address it goes to.
    package struct EmailChangeMail: Sendable {
        package var address: String
        package var mail: Mail
    }

    /// What a confirmed code of an email change did.
    package enum EmailChangeStep: Sendable {
        /// The first of the two codes of a secure change: the other address is still due.
        case confirmationAccepted
        /// The address changed; a session (`amr` `otp`), as `POST /verify` issues it.
        case changed(Issued)
    }

    /// `models.IsDuplicatedEmail`: another user has this address, as its email or an identity's.
    func emailTaken(_ email: String, byOtherThan userID: String) -> Bool {
        if let owner = rows.userID(email: email), owner != userID { return true }
        return rows.userIDs(identityEmail: email).contains { $0 != userID }
    }

    /// `PUT /user` with a new `email`: 422 `email_exists` when another user has it; an anonymous
    /// user with `GOTRUE_MAILER_AUTOCONFIRM` on gets it at once; otherwise codes are mailed
    /// (`sendEmailChange`): to the new address, and with secure email change on to the current one.
    /// - Parameters:
    ///   - userID: The signed-in user.
    ///   - newEmail: The normalized new address, not the user's current one.
    ///   - now: The clock.
    /// - Returns: The mails to send (none when the change was made at once).
    /// - Throws: 422 `email_exists`; 429 `over_email_send_rate_limit` within the resend interval.
    package func requestEmailChange(userID: String, newEmail: String, now clock: Date) throws(SupabaseFailure) -> [EmailChangeMail] {
        guard var user = rows.user(userID) else { throw .userNotFound }
        guard !emailTaken(newEmail, byOtherThan: userID) else {
            throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
        }
        let settings = configuration.settings
        if user.isAnonymous, settings.mailerAutoconfirm {
            user.emailChange = SupabaseEmailChange(newEmail: newEmail, sentAt: user.emailChange?.sentAt)
            applyEmailChange(to: &user, now: clock)
            rows.save(user)
            return []
        }
        try checkFrequency(lastSent: user.emailChange?.sentAt, now: clock)
        let now = stamp(clock)
        var change = SupabaseEmailChange(newEmail: newEmail, sentAt: now)
        var mails: [EmailChangeMail] = []
        let newCode = RandomIdentifiers.numericCode(digits: configuration.otpLength)
        change.new = code(newCode, for: newEmail, kind: SupabaseEmailChange.newKind, now: now)
        if settings.secureEmailChangeEnabled, !user.email.isEmpty {
            let currentCode = RandomIdentifiers.numericCode(digits: configuration.otpLength)
            change.current = code(currentCode, for: user.email, kind: SupabaseEmailChange.currentKind, now: now)
            mails.append(
                EmailChangeMail(
                    address: user.email,
                    mail: Mail(
                        code: currentCode, kind: "email_change", tokenHash: Self.hash(email: user.email, code: currentCode))))
        }
        mails.insert(
            EmailChangeMail(
                address: newEmail,
                mail: Mail(
                    code: newCode, kind: "email_change", tokenHash: Self.hash(email: newEmail, code: newCode))), at: 0)
        user.emailChange = change
        rows.save(user)
        return mails
    }

    private func code(_ code: String, for email: String, kind: String, now: Date) -> SupabaseOTPRecord {
        SupabaseOTPRecord(tokenHash: Self.hash(email: email, code: code), kind: kind, sentAt: now, wrongAttempts: 0)
    }

    /// `POST /verify` (or `GET /verify`) type `email_change` with the hash of a code and the
    /// address it was mailed to, or the link's `token_hash`: within `GOTRUE_MAILER_OTP_EXP` of
    /// `email_change_sent_at`. The first code of a secure change (autoconfirm off, the user has
    /// an address) is only recorded; the second, or the only one, changes the address.
    /// - Parameters:
    ///   - hash: The token hash.
    ///   - failure: What an unknown or expired hash answers (`otp_expired`, with GoTrue's message
    ///     for a code or for a link).
    ///   - now: The clock.
    /// - Returns: Whether the change is made, with its session.
    /// - Throws: `failure`; 403 `user_banned`.
    package func verifyEmailChange(hash: String, failure: SupabaseFailure, now clock: Date) throws(SupabaseFailure) -> EmailChangeStep {
        guard !hash.isEmpty, let userID = rows.userID(emailCodeHash: hash), var user = rows.user(userID),
            var change = user.emailChange
        else { throw failure }
        let matchesCurrent = change.current.map { SHA256Hex.constantTimeEquals($0.tokenHash, hash) } ?? false
        let matchesNew = change.new.map { SHA256Hex.constantTimeEquals($0.tokenHash, hash) } ?? false
        guard matchesCurrent || matchesNew else { throw failure }
        try ensureNotBanned(user, now: clock)
        guard let sentAt = change.sentAt, clock.timeIntervalSince(sentAt) <= configuration.otpLifetime else { throw failure }
        let settings = configuration.settings
        if !settings.mailerAutoconfirm, settings.secureEmailChangeEnabled, change.confirmStatus == 0, !user.email.isEmpty {
            change.confirmStatus = 1
            if matchesCurrent { change.current = nil } else { change.new = nil }
            user.emailChange = change
            rows.save(user)
            return .confirmationAccepted
        }
        applyEmailChange(to: &user, now: clock)
        rows.save(user)
        return .changed(try issueSession(for: userID, amr: "otp", now: clock))
    }

    /// `emailChangeVerify`'s second half and `User.ConfirmEmailChange`: the `email` identity takes
    /// the new address, verified (one is made when the user has none), the user stops being
    /// anonymous, the address moves, the codes go and an unconfirmed user is confirmed.
    private func applyEmailChange(to user: inout SupabaseUserRecord, now clock: Date) {
        guard var change = user.emailChange else { return }
        let newEmail = change.newEmail
        let now = stamp(clock)
        if let index = user.identities.firstIndex(where: { $0.provider == "email" && $0.providerID == user.id }) {
            user.identities[index].identityData["email"] = .string(newEmail)
            user.identities[index].identityData["email_verified"] = .bool(true)
            user.identities[index].email = newEmail
            user.identities[index].updatedAt = now
        } else {
            let data: JSONObject = [
                "sub": .string(user.id), "email": .string(newEmail), "email_verified": .bool(true), "phone_verified": .bool(false),
            ]
            user.identities.append(
                SupabaseIdentityRecord(
                    identityID: RandomIdentifiers.uuid(), provider: "email", providerID: user.id, identityData: data,
                    email: newEmail, createdAt: now, updatedAt: now, lastSignInAt: now))
        }
        user.isAnonymous = false
        user.email = newEmail
        change.newEmail = ""
        change.current = nil
        change.new = nil
        change.confirmStatus = 0
        user.emailChange = change.sentAt == nil ? nil : change
        if user.emailConfirmedAt == nil { confirm(&user, now: stamp(clock)) }
        user.updatedAt = stamp(clock)
    }

    /// `POST /admin/generate_link` types `email_change_current` and `email_change_new` (GoTrue
    /// internal/api/mail.go `adminGenerateLink`): no mail and no resend interval; the new address
    /// is checked as `PUT /user` checks it, the confirmation status starts again, and only the
    /// type's code is replaced (the other, if any, stays).
    /// - Parameters:
    ///   - type: `email_change_current` or `email_change_new`.
    ///   - email: The user's normalized address.
    ///   - newEmail: The normalized new address.
    ///   - now: The clock.
    /// - Returns: The user, the code, and the hash the action link carries (for the new address,
    ///   hashed with it).
    /// - Throws: 404 `user_not_found`, 400 `validation_failed` for `email_change_current` with
    ///   secure email change off, 422 `email_exists`.
    package func generateEmailChangeLink(
        type: String, email: String, newEmail: String, now clock: Date
    ) throws(SupabaseFailure) -> (user: SupabaseUserRecord, code: String, linkHash: String) {
        guard let userID = rows.userID(email: email), var user = rows.user(userID) else {
            throw .api(status: 404, code: "user_not_found", message: "User with this email not found")
        }
        if type == SupabaseEmailChange.currentKind, !configuration.settings.secureEmailChangeEnabled {
            throw .validation("Enable secure email change to generate link for current email")
        }
        guard !emailTaken(newEmail, byOtherThan: userID) else {
            throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
        }
        let now = stamp(clock)
        let otp = RandomIdentifiers.numericCode(digits: configuration.otpLength)
        var change = user.emailChange ?? SupabaseEmailChange(newEmail: newEmail, sentAt: now)
        (change.newEmail, change.sentAt, change.confirmStatus) = (newEmail, now, 0)
        let linkHash: String
        if type == SupabaseEmailChange.currentKind {
            change.current = code(otp, for: user.email, kind: type, now: now)
            linkHash = Self.hash(email: user.email, code: otp)
        } else {
            change.new = code(otp, for: newEmail, kind: type, now: now)
            linkHash = Self.hash(email: newEmail, code: otp)
        }
        user.emailChange = change
        rows.save(user)
        return (user, otp, linkHash)
    }
}

import AuthData
import AuthJWT
import Foundation

/// Email one-time codes after GoTrue's `api/magic_link.go`, `api/verify.go`, `api/resend.go`
/// and `api/reauthenticate.go`: a confirmation code for a user whose email is not confirmed
/// yet, a magic-link (recovery) code otherwise; each also travels as the `token_hash` of the
/// emailed link.
extension SupabaseStore {
    /// A code to mail.
    package struct Mail: Sendable {
        package var code: String
        /// `confirmation` or `magiclink` (the mailbox's `kind`).
        package var kind: String
        /// The `token_hash` of the emailed link.
        package var tokenHash: String
        /// The verification type the link carries (`signup`, `invite`, `recovery`, `email_change`
        /// or `magiclink`).
        package var linkType: String {
            switch kind {
            case "confirmation": "signup"
            case "invite", "recovery", "email_change": kind
            default: "magiclink"
            }
        }
    }

    /// Creates (when allowed) the user and a new code.
    package func requestOTP(
        email: String, createUser: Bool, signupDisabled: Bool = false, data: JSONObject, now clock: Date
    ) throws(SupabaseFailure) -> Mail {
        if rows.userID(email: email).flatMap(rows.user) == nil {
            guard createUser else { throw .api(status: 422, code: "otp_disabled", message: "Signups not allowed for otp") }
            // GoTrue api/magic_link.go signs a new address up through api/signup.go, which refuses.
            if signupDisabled { throw .signupDisabled }
            let created = stamp(clock)
            let userID = RandomIdentifiers.uuid()
            let identityData: JSONObject = [
                "sub": .string(userID), "email": .string(email), "email_verified": .bool(false), "phone_verified": .bool(false),
            ]
            rows.save(
                SupabaseUserRecord(
                    id: userID, email: email, emailConfirmedAt: nil, userMetadata: identityData.merging(data),
                    identities: [
                        SupabaseIdentityRecord(
                            identityID: RandomIdentifiers.uuid(), provider: "email", providerID: userID, identityData: identityData,
                            email: email, createdAt: created, updatedAt: created, lastSignInAt: created)
                    ],
                    createdAt: created, updatedAt: created, lastSignInAt: nil, isAnonymous: false))
        }
        return try sendCode(to: email, now: clock)
    }

    /// A new code for the user with this email, unless one was sent within the resend interval
    /// (`GOTRUE_SMTP_MAX_FREQUENCY`: 429 `over_email_send_rate_limit`, seconds truncated as
    /// GoTrue's `generateFrequencyLimitErrorMessage` does).
    func sendCode(to email: String, now clock: Date) throws(SupabaseFailure) -> Mail {
        guard let userID = rows.userID(email: email), var user = rows.user(userID) else { throw .otpExpired }
        let now = stamp(clock)
        let confirmed = user.emailConfirmedAt != nil
        try checkFrequency(lastSent: confirmed ? user.recoverySentAt : user.confirmationSentAt, now: now)
        let mail = newCode(for: &user, kind: confirmed ? "magiclink" : "confirmation", now: now)
        rows.save(user)
        return mail
    }

    /// A fresh code of `kind` (`confirmation` or `magiclink`, GoTrue's confirmation and recovery
    /// tokens) in `user.otp`, with its `*_sent_at`; the caller saves the user.
    func newCode(for user: inout SupabaseUserRecord, kind: String, now: Date) -> Mail {
        let code = RandomIdentifiers.numericCode(digits: configuration.otpLength)
        let hash = Self.hash(email: user.email, code: code)
        user.otp = SupabaseOTPRecord(tokenHash: hash, kind: kind, sentAt: now, wrongAttempts: 0)
        if kind == "confirmation" { user.confirmationSentAt = now } else { user.recoverySentAt = now }
        return Mail(code: code, kind: kind, tokenHash: hash)
    }

    func checkFrequency(lastSent: Date?, now: Date) throws(SupabaseFailure) {
        guard let lastSent else { return }
        let wait = lastSent.addingTimeInterval(configuration.emailResendInterval).timeIntervalSince(now)
        if wait > 0 { throw .emailRateLimit(after: Int(wait)) }
    }

    /// Whether a code of `kind` answers a verification of `type` (GoTrue's `verifyUserAndToken`
    /// and `verifyTokenHash`: `signup`/`invite` take the confirmation token, `magiclink`/
    /// `recovery` the recovery token, `email` either; nothing else matches an email code).
    static func accepts(_ type: String, kind: String) -> Bool {
        switch type {
        case "email": true
        case "signup", "invite": kind == "confirmation"
        case "magiclink", "recovery": kind == "magiclink"
        default: false
        }
    }

    /// `POST /verify` with `email` and `token`.
    package func verifyOTP(email: String, code: String, type: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        guard let userID = rows.userID(email: email), var user = rows.user(userID), var otp = user.otp else { throw .otpExpired }
        try ensureNotBanned(user, now: clock)
        guard otp.wrongAttempts < configuration.maxWrongOTPAttempts else { throw .tooManyWrongCodes }
        // A PKCE link's stored hash carries `pkce_`; its code is still valid here (GoTrue verify.go `isOtpValid`).
        let stored = otp.tokenHash.hasPrefix(Self.pkcePrefix) ? String(otp.tokenHash.dropFirst(Self.pkcePrefix.count)) : otp.tokenHash
        guard Self.accepts(type, kind: otp.kind), SHA256Hex.constantTimeEquals(stored, Self.hash(email: email, code: code)) else {
            otp.wrongAttempts += 1
            user.otp = otp
            rows.save(user)
            throw .otpExpired
        }
        return try redeem(userID: userID, otp: otp, failure: .otpExpired, now: clock)
    }

    /// `POST /verify` or `GET /verify` with a `token_hash`; returns the session and the type the
    /// hash resolved to (`email` becomes `signup` or `magiclink`).
    package func verifyTokenHash(_ hash: String, type: String, now clock: Date) throws(SupabaseFailure) -> (Issued, String) {
        let (userID, resolved) = try spendTokenHash(hash, type: type, now: clock)
        return (try issueSession(for: userID, amr: "otp", now: clock), resolved)
    }

    /// ``verifyTokenHash(_:type:now:)`` without the session: the code spent, the address
    /// confirmed; returns the user and the resolved type.
    func spendTokenHash(_ hash: String, type: String, now clock: Date) throws(SupabaseFailure) -> (userID: String, type: String) {
        guard ["email", "signup", "invite", "recovery", "magiclink", "email_change"].contains(type) else {
            throw .validation("Invalid email verification type")
        }
        guard !hash.isEmpty, let user = rows.userID(emailCodeHash: hash).flatMap(rows.user), let otp = user.otp,
            SHA256Hex.constantTimeEquals(otp.tokenHash, hash), Self.accepts(type, kind: otp.kind)
        else { throw .linkExpired }
        try ensureNotBanned(user, now: clock)
        let resolved = type == "email" ? (otp.kind == "confirmation" ? "signup" : "magiclink") : type
        try spend(userID: user.id, otp: otp, failure: .linkExpired, now: clock)
        return (user.id, resolved)
    }

    /// Spends a matching code: it must be within `GOTRUE_MAILER_OTP_EXP`; a confirmation code
    /// confirms the email (`signupVerify`), a recovery code only signs in (`recoverVerify`).
    private func redeem(userID: String, otp: SupabaseOTPRecord, failure: SupabaseFailure, now clock: Date) throws(SupabaseFailure) -> Issued
    {
        try spend(userID: userID, otp: otp, failure: failure, now: clock)
        // verifyPost reloads the user before issuing the session, so `confirmed_at` is shown.
        return try issueSession(for: userID, amr: "otp", now: clock)
    }

    private func spend(userID: String, otp: SupabaseOTPRecord, failure: SupabaseFailure, now clock: Date) throws(SupabaseFailure) {
        guard var user = rows.user(userID) else { throw failure }
        user.otp = nil
        guard clock.timeIntervalSince(otp.sentAt) <= configuration.otpLifetime else {
            rows.save(user)
            throw failure
        }
        // A recovery code mailed to an unconfirmed address confirms it too (GoTrue `recoverVerify`).
        if user.emailConfirmedAt == nil { confirm(&user, now: stamp(clock)) }
        rows.save(user)
    }

    /// `POST /resend` type `signup`: a new confirmation code for an unconfirmed user; `nil` (and
    /// 200 `{}`) for an unknown or confirmed address, so addresses cannot be enumerated.
    package func resendConfirmation(email: String, now clock: Date) throws(SupabaseFailure) -> Mail? {
        guard let userID = rows.userID(email: email), let user = rows.user(userID), user.emailConfirmedAt == nil else { return nil }
        return try sendCode(to: email, now: clock)
    }

    /// `GET /reauthenticate`: a code for a confirmed email, kept as the reauthentication token.
    package func reauthenticate(userID: String, now clock: Date) throws(SupabaseFailure) -> (email: String, code: String) {
        guard var user = rows.user(userID) else { throw .userNotFound }
        guard !user.email.isEmpty else { throw .validation("Reauthentication requires the user to have an email or a phone number") }
        guard user.emailConfirmedAt != nil else {
            throw .api(status: 422, code: "email_not_confirmed", message: "Please verify your email first.")
        }
        let now = stamp(clock)
        try checkFrequency(lastSent: user.reauthenticationSentAt, now: now)
        let code = RandomIdentifiers.numericCode(digits: configuration.otpLength)
        user.reauthentication = SupabaseOTPRecord(
            tokenHash: Self.hash(email: user.email, code: code), kind: "reauthentication", sentAt: now, wrongAttempts: 0)
        user.reauthenticationSentAt = now
        rows.save(user)
        return (user.email, code)
    }
}

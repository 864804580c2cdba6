import AuthData
import Foundation

/// The passkey rules that touch rows (GoTrue internal/api/passkey_registration.go,
/// passkey_authentication.go, passkey_manage.go, internal/models/webauthn_challenge.go); the
/// WebAuthn checks run outside the step, in ``SupabaseEngine``.
extension SupabaseStore {
    /// Challenges outstanding at once, of every user (an emulator bound: GoTrue rate-limits
    /// `/passkeys/authentication/options` per IP instead). Over it: 429 `over_request_rate_limit`.
    static let maxOutstandingChallenges = 10_000

    /// Stores a new challenge after dropping the expired ones; for a registration, first
    /// GoTrue's limit (`count >= MaxPasskeysPerUser`: 422 `too_many_passkeys`).
    /// - Returns: The challenge and, for a registration, the user's passkeys (the exclusion list).
    func issueWebAuthnChallenge(
        _ kind: WebAuthnChallengeRecord.Kind, userID: String?, challenge: [UInt8], now: Date
    ) throws(SupabaseFailure) -> (WebAuthnChallengeRecord, [PasskeyRecord]) {
        let settings = configuration.settings.passkey
        let existing = userID.map { rows.passkeys.passkeys(userID: $0) } ?? []
        if kind == .registration, existing.count >= settings.maxPasskeysPerUser { throw .tooManyPasskeys }
        rows.passkeys.deleteChallenges(expiredAtOrBefore: now)
        guard rows.passkeys.challengeCount() < Self.maxOutstandingChallenges else { throw .overRequestRateLimit }
        let record = WebAuthnChallengeRecord(
            id: RandomIdentifiers.uuid(), userID: userID, kind: kind, challenge: challenge, createdAt: now,
            expiresAt: now.addingTimeInterval(settings.challengeExpiry))
        rows.passkeys.insert(record)
        return (record, existing)
    }

    /// `ConsumeWebAuthnChallengeByID` then `IsExpired`: the row is deleted either way, so a
    /// challenge serves one ceremony at most.
    func consumeWebAuthnChallenge(
        id: String, kind: WebAuthnChallengeRecord.Kind, userID: String?, now: Date
    ) throws(SupabaseFailure) -> WebAuthnChallengeRecord {
        guard let challenge = rows.passkeys.consumeChallenge(id: id, kind: kind, userID: userID) else { throw .webAuthnChallengeNotFound }
        guard now <= challenge.expiresAt else { throw .webAuthnChallengeExpired }
        return challenge
    }

    /// Stores a verified passkey: the limit again (a concurrent registration may have filled
    /// it), then the row (a credential ID stored before: 422 `webauthn_credential_exists`).
    func addPasskey(_ passkey: PasskeyRecord) throws(SupabaseFailure) -> PasskeyRecord {
        guard rows.user(passkey.userID) != nil else { throw .userNotFound }
        guard rows.passkeys.passkeys(userID: passkey.userID).count < configuration.settings.passkey.maxPasskeysPerUser else {
            throw .tooManyPasskeys
        }
        var stored = passkey
        stored.createdAt = stamp(passkey.createdAt)
        stored.updatedAt = stored.createdAt
        guard rows.passkeys.insert(stored) else { throw .webAuthnCredentialExists }
        return stored
    }

    /// A verified assertion's sign-in, in GoTrue's order: email confirmed (403
    /// `email_not_confirmed`), not banned (403 `user_banned`), then the counter and
    /// `last_used_at`, then a session with `amr` `passkey`. The counter is compared again
    /// here, so two assertions verified at once cannot both move it.
    func signInWithPasskey(
        _ passkeyID: String, userID: String, signCount: UInt32, backedUp: Bool, now clock: Date
    ) throws(SupabaseFailure) -> Issued {
        guard let user = rows.user(userID), var passkey = rows.passkeys.passkey(id: passkeyID, userID: userID) else {
            throw .credentialVerificationFailed
        }
        if !user.email.isEmpty, user.emailConfirmedAt == nil { throw .passkeyEmailNotConfirmed }
        try ensureNotBanned(user, now: clock)
        if signCount != 0 || passkey.signCount != 0, signCount <= passkey.signCount { throw .credentialVerificationFailed }
        let now = stamp(clock)
        passkey.signCount = signCount
        passkey.backedUp = backedUp
        passkey.lastUsedAt = now
        passkey.updatedAt = now
        rows.passkeys.update(passkey)
        return try issueSession(for: userID, amr: "passkey", now: clock)
    }

    /// `PATCH /passkeys/{id}`: a new `friendly_name`.
    func renamePasskey(_ passkeyID: String, userID: String, to name: String, now: Date) throws(SupabaseFailure) -> PasskeyRecord {
        guard var passkey = rows.passkeys.passkey(id: passkeyID, userID: userID) else { throw .passkeyNotFound }
        passkey.friendlyName = name
        passkey.updatedAt = stamp(now)
        rows.passkeys.update(passkey)
        return passkey
    }

    /// `DELETE /passkeys/{id}` and the admin's.
    func deletePasskey(_ passkeyID: String, userID: String) throws(SupabaseFailure) {
        guard rows.passkeys.passkey(id: passkeyID, userID: userID) != nil else { throw .passkeyNotFound }
        rows.passkeys.deletePasskey(id: passkeyID)
    }
}

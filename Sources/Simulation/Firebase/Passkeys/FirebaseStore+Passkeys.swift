import AuthData
import AuthJWT
import Foundation

/// The passkey rules that touch a project's rows.
extension FirebaseStore {
    /// Challenges outstanding at once in a project (an emulator bound). Over it:
    /// `TOO_MANY_ATTEMPTS_TRY_LATER`.
    static let maxOutstandingChallenges = 10_000

    /// Stores a challenge, by its own bytes (the finalize calls name no other id), after
    /// dropping the expired ones.
    func issuePasskeyChallenge(
        _ challenge: [UInt8], kind: WebAuthnChallengeRecord.Kind, localId: String?, lifetime: Double, now: Date
    ) throws(FirebaseFailure) {
        rows.passkeys.deleteChallenges(expiredAtOrBefore: now)
        guard rows.passkeys.challengeCount() < Self.maxOutstandingChallenges else { throw .code("TOO_MANY_ATTEMPTS_TRY_LATER") }
        rows.passkeys.insert(
            WebAuthnChallengeRecord(
                id: Base64URL.encode(challenge), userID: localId, kind: kind, challenge: challenge, createdAt: now,
                expiresAt: now.addingTimeInterval(lifetime)))
    }

    /// A verified assertion's sign-in: the user enabled (`USER_DISABLED`), the counter compared
    /// again (two assertions verified at once cannot both move it) and stored, `lastLoginAt`.
    func signInWithPasskey(
        _ passkeyID: String, localId: String, verified: VerifiedAssertion,
        now: Date
    ) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard var user = rows.user(localId), var passkey = rows.passkeys.passkey(id: passkeyID, userID: localId) else {
            throw .passkeyEnrollmentNotFound
        }
        guard !user.disabled else { throw .userDisabled }
        if verified.signCount != 0 || passkey.signCount != 0,
            verified.signCount <= passkey.signCount
        {
            throw .invalidAuthenticatorResponse
        }
        passkey.signCount = verified.signCount
        passkey.backedUp = verified.flags.contains(.backedUp)
        passkey.lastUsedAt = now
        passkey.updatedAt = now
        rows.passkeys.update(passkey)
        user.lastLoginAt = Self.millis(now)
        rows.save(user)
        return user
    }
}

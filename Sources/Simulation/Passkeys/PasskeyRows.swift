import Foundation

/// Passkeys and the challenges issued for them. For Supabase these are GoTrue's tables,
/// `webauthn_credentials` and `webauthn_challenges` (migrations/20260302000000_add_passkeys.up.sql);
/// a Firebase project keeps the same rows per project (the Identity Toolkit's store is not
/// public). Deleting a user deletes its rows of both (`on delete cascade`).
package protocol PasskeyRows: AnyObject {
    /// A user's passkeys, oldest first.
    func passkeys(userID: String) -> [PasskeyRecord]
    /// A user's passkey by its `id`.
    func passkey(id: String, userID: String) -> PasskeyRecord?
    /// The passkey with this credential ID, whoever owns it.
    func passkey(credentialID: [UInt8]) -> PasskeyRecord?
    /// Inserts a passkey.
    /// - Returns: `false` when its credential ID is already stored (the unique index).
    func insert(_ passkey: PasskeyRecord) -> Bool
    /// Writes a passkey's `sign_count`, `backed_up`, `friendly_name`, `updated_at` and `last_used_at`.
    func update(_ passkey: PasskeyRecord)
    /// Deletes a passkey.
    func deletePasskey(id: String)
    /// How many passkeys there are, of every user.
    func passkeyCount() -> Int

    /// Inserts an issued challenge.
    func insert(_ challenge: WebAuthnChallengeRecord)
    /// Deletes and returns the challenge with this `id`, kind and user (`nil`: a challenge bound
    /// to no user), as GoTrue's `ConsumeWebAuthnChallengeByID` does in one statement.
    func consumeChallenge(id: String, kind: WebAuthnChallengeRecord.Kind, userID: String?) -> WebAuthnChallengeRecord?
    /// Deletes the challenges that expired at or before `date`.
    func deleteChallenges(expiredAtOrBefore date: Date)
    /// How many challenges are outstanding.
    func challengeCount() -> Int
}

import AuthData
import AuthJWT
import Foundation

/// `POST /invite` (GoTrue internal/api/invite.go, `sendInvite` in mail.go).
extension SupabaseStore {
    /// Creates the user (no password) unless the address has an unconfirmed one, and makes the
    /// invite code: GoTrue's confirmation token, verified with type `invite`.
    /// - Throws: 422 `email_exists` for a confirmed address.
    package func invite(email: String, data: JSONObject, now clock: Date) throws(SupabaseFailure) -> (SupabaseUserRecord, Mail) {
        var user: SupabaseUserRecord
        if let existing = rows.userID(email: email).flatMap(rows.user) {
            guard existing.emailConfirmedAt == nil else {
                throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
            }
            user = existing
        } else {
            user = newEmailUser(email: email, encryptedPassword: nil, data: data, now: clock)
        }
        let now = stamp(clock)
        var mail = newCode(for: &user, kind: "confirmation", now: now)
        user.invitedAt = now
        rows.save(user)
        mail.kind = "invite"
        return (user, mail)
    }
}

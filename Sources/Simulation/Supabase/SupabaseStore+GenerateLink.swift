import AuthData
import AuthJWT
import Foundation

/// `POST /admin/generate_link` (GoTrue internal/api/mail.go `adminGenerateLink`): the code and
/// link a mail would carry, returned to the admin instead of mailed.
extension SupabaseStore {
    /// Makes the code of a `signup`, `magiclink` or `recovery` link. A `magiclink` for an unknown
    /// address becomes a `signup` with a random password, as in GoTrue.
    /// - Parameters:
    ///   - type: The link type.
    ///   - email: The normalized address.
    ///   - signUpHash: The password's hash, for a `signup` that creates the user.
    ///   - data: `user_metadata` for a new or unconfirmed user.
    /// - Returns: The user, the code and the type the link verifies as.
    /// - Throws: 404 `user_not_found` for a `recovery` of an unknown address, 422 `email_exists`
    ///   for a `signup` of a confirmed one.
    package func generateLink(
        type: String, email: String, signUpHash: String?, data: JSONObject, now clock: Date
    ) throws(SupabaseFailure) -> (user: SupabaseUserRecord, mail: Mail, type: String) {
        let user = rows.userID(email: email).flatMap(rows.user)
        var type = type
        if user == nil {
            switch type {
            case "magiclink": type = "signup"
            case "recovery": throw .api(status: 404, code: "user_not_found", message: "User with this email not found")
            default: break
            }
        }
        let now = stamp(clock)
        switch type {
        case "magiclink", "recovery":
            guard var existing = user else { throw .otpExpired }
            let mail = newCode(for: &existing, kind: "magiclink", now: now)
            rows.save(existing)
            return (existing, mail, type)
        case "signup":
            var target: SupabaseUserRecord
            if let existing = user {
                guard existing.emailConfirmedAt == nil else {
                    throw .api(status: 422, code: "email_exists", message: SupabaseFailure.duplicateEmail)
                }
                target = existing
                target.userMetadata.merge(data)
            } else {
                guard let signUpHash else { throw .validation("Signup requires a valid password") }
                // GoTrue internal/api/mail.go (GenerateLink, signup): the new user's metadata is the
                // data as sent; the identity holds the claims (not merged, unlike /signup).
                target = newEmailUser(email: email, encryptedPassword: signUpHash, data: [:], now: clock)
                target.userMetadata = data
            }
            let mail = newCode(for: &target, kind: "confirmation", now: now)
            rows.save(target)
            return (target, mail, type)
        default:
            throw .validation("Invalid email action link type requested: \(type)")
        }
    }
}

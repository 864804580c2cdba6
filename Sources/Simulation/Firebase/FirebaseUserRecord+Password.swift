import AuthData
import Foundation

/// The built-in `password` and `phone` providers, which follow the account's own fields.
extension FirebaseUserRecord {
    /// Sets a new password hash.
    /// - Parameters:
    ///   - hash: The bcrypt hash, or `nil` to remove the password.
    ///   - millis: The time, milliseconds since 1970.
    mutating func setPassword(hash: String?, at millis: Int64) {
        passwordHash = hash
        hasPassword = hash != nil
        passwordUpdatedAt = hash == nil ? nil : millis
    }

    /// Removes the email and its verification, as `deleteAttribute: EMAIL` does.
    mutating func clearEmail() {
        email = nil
        emailVerified = false
        emailLinkSignin = false
    }

    /// Rebuilds the `password` and `phone` entries of `providerUserInfo` from the top-level
    /// fields, as firebase-tools' `state.ts` `updateUserByLocalId` does: `password` while there is
    /// an email with a password or email-link sign-in, `phone` while there is a phone number.
    /// Other providers keep their order.
    mutating func rebuildBuiltInProviders() {
        let passwordAt = providers.firstIndex { $0.providerId == "password" } ?? providers.count
        providers.removeAll { $0.providerId == "password" || $0.providerId == "phone" }
        if let email, passwordHash != nil || emailLinkSignin {
            let entry = FirebaseProviderRecord(
                providerId: "password", rawId: email, email: email, displayName: displayName, photoUrl: photoUrl)
            providers.insert(entry, at: min(passwordAt, providers.count))
        }
        if let phoneNumber { providers.append(FirebaseProviderRecord(providerId: "phone", rawId: phoneNumber)) }
    }

    /// The hash as the Admin API exports it: `passwordHash` the base64 of the whole bcrypt string
    /// (what an import with hash algorithm `BCRYPT` takes back), `salt` the base64 of its 16 salt
    /// bytes.
    var exportedPasswordHash: (hash: String, salt: String)? {
        guard let passwordHash, let parsed = try? BcryptHash(parsing: passwordHash) else { return nil }
        return (Data(passwordHash.utf8).base64EncodedString(), Data(parsed.salt).base64EncodedString())
    }
}

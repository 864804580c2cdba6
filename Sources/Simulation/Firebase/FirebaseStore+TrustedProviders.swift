import AuthData
import Foundation

/// The provider Firebase trusts as an address's own: Google for `@gmail.com`. Firebase's
/// documentation ("Users in Firebase projects", trusted providers) has Google sign in to the
/// account with that Gmail address rather than ask to link, and remove the credentials that
/// address never verified; firebase-tools `src/emulator/auth/operations.ts`
/// (`handleIdpSigninEmailRequired`) has no such rule and asks for confirmation.
extension FirebaseStore {
    /// Whether an identity is authoritative for its email: a verified `@gmail.com` address from
    /// Google.
    static func isAuthoritative(_ identity: FirebaseIdentity) -> Bool {
        guard identity.providerId == "google.com", identity.emailVerified, let email = identity.email else { return false }
        return email.lowercased().hasSuffix("@gmail.com")
    }

    /// Google joins the account with its Gmail address, whose email was verified: its Google
    /// entry is this identity (one Google account per user), the other ways in stay (they rest on
    /// the verified address), and the sign-in is recorded. An account whose email was never
    /// verified is taken over instead (``signIn(with:autoCreate:client:now:)``), which removes the
    /// unverified credentials.
    /// - Parameters:
    ///   - identity: Google's verified identity.
    ///   - account: The account with its email.
    ///   - now: The time.
    /// - Returns: The account.
    func linkAuthoritative(_ identity: FirebaseIdentity, to account: FirebaseUserRecord, now: Date) -> FirebaseUserRecord {
        var account = account
        for id in rows.federatedIDs(of: account.localId) where id.providerId == identity.providerId {
            rows.setFederatedUser(providerId: id.providerId, rawId: id.rawId, localId: nil)
        }
        account.providers.removeAll { $0.providerId == identity.providerId }
        account.providers.append(Self.providerRecord(identity))
        if account.displayName == nil { account.displayName = identity.displayName }
        if account.photoUrl == nil { account.photoUrl = identity.photoUrl }
        account.lastLoginAt = Self.millis(now)
        rows.save(account)
        rows.setFederatedUser(providerId: identity.providerId, rawId: identity.rawId, localId: account.localId)
        return account
    }
}

import Foundation

/// One Firebase project's rows, after the Identity Toolkit's account fields: accounts with their
/// `providerUserInfo`, the federated ids that sign in to them, refresh tokens, email action
/// codes, pending IdP credentials, spent Apple tokens, the rate limits' counters and the second
/// factors of ``FirebaseMFARows``.
///
/// The `purge…` operations drop rows whose expiry the rules check anyway: an adapter may drop
/// them at once or later, and no answer depends on when.
package protocol FirebaseRows: FirebaseMFARows {
    /// An account with its providers, in order.
    func user(_ localId: String) -> FirebaseUserRecord?
    /// The account whose top-level email this is.
    func localId(email: String) -> String?
    /// The account whose phone number this is.
    func localId(phoneNumber: String) -> String?
    /// Inserts or replaces an account and its providers.
    func save(_ user: FirebaseUserRecord)
    /// Deletes an account and its providers; its federated ids and refresh tokens stay (a deleted
    /// user's refresh token answers `USER_NOT_FOUND`).
    func deleteUser(_ localId: String)
    /// How many accounts there are.
    func userCount() -> Int
    /// The accounts whose uid or email, or a provider's email, contains `search` (lowercased;
    /// empty: every account), newest first, as sort keys only.
    /// - Parameters:
    ///   - search: The text.
    ///   - limit: How many keys at most.
    /// - Returns: How many accounts match, and the first `limit` keys (creation in milliseconds).
    func userKeys(matching search: String, limit: Int) -> (total: Int, keys: [(createdAt: Int64, localId: String)])
    /// Accounts in `localId` order after `localId` (`nil`: from the first), at most `limit`.
    func users(after localId: String?, limit: Int) -> [FirebaseUserRecord]

    /// The account a federated id signs in to.
    func federatedUser(providerId: String, rawId: String) -> String?
    /// Makes a federated id sign in to an account (`nil`: to none).
    func setFederatedUser(providerId: String, rawId: String, localId: String?)
    /// Every federated id that signs in to an account.
    func federatedIDs(of localId: String) -> [(providerId: String, rawId: String)]

    /// A refresh token's row.
    func refreshToken(_ token: String) -> FirebaseRefreshRecord?
    /// Inserts a refresh token.
    func insertRefreshToken(_ token: String, _ record: FirebaseRefreshRecord)
    /// An account's refresh tokens, oldest first.
    func refreshTokens(of localId: String) -> [String]
    /// Replaces a refresh token's row (its place in the account's order stays).
    func updateRefreshToken(_ token: String, _ record: FirebaseRefreshRecord)
    /// Deletes a refresh token.
    func deleteRefreshToken(_ token: String)
    /// Deletes every refresh token of an account.
    func deleteRefreshTokens(of localId: String)
    /// Dates an account's refresh tokens no later than `issuedAt` (revocation).
    func limitRefreshTokenIssuedAt(of localId: String, to issuedAt: Int64)

    /// An email action code's row.
    func oobCode(_ code: String) -> FirebaseOobRecord?
    /// Inserts an email action code.
    func insertOobCode(_ code: String, _ record: FirebaseOobRecord)
    /// Deletes a code.
    func deleteOobCode(_ code: String)
    /// Deletes an address's codes (of one request type, or all with `nil`).
    func deleteOobCodes(email: String, requestType: String?)
    /// Deletes the codes created before `date`.
    func deleteOobCodes(createdBefore date: Date)
    /// Every outstanding code, oldest first.
    func oobCodes() -> [(code: String, record: FirebaseOobRecord)]

    /// When the last sign-in email went to an address.
    func lastEmailSent(to email: String) -> Date?
    /// Records a sign-in email to an address.
    func setLastEmailSent(to email: String, at date: Date)
    /// How many addresses have a recorded email.
    func emailSendCount() -> Int
    /// Forgets the emails sent before `date`.
    func deleteEmailSends(sentBefore date: Date)

    /// A pending IdP credential.
    func pendingCredential(_ token: String) -> FirebasePendingCredential?
    /// Keeps a pending IdP credential.
    func insertPendingCredential(_ token: String, _ credential: FirebasePendingCredential)
    /// Deletes a pending IdP credential.
    func deletePendingCredential(_ token: String)
    /// May drop the credentials created at or before `date`.
    func purgePendingCredentials(createdAtOrBefore date: Date)

    /// The expiry of a spent Apple token, by hash.
    func spentAppleToken(_ hash: String) -> Int64?
    /// Records a spent Apple token until it expires.
    func insertSpentAppleToken(_ hash: String, expiresAt: Int64)
    /// May drop the spent tokens expired at `now`.
    func purgeSpentAppleTokens(expiredAt now: Int64)

    /// A rate-limit window: when it ends and what it counted.
    func rateWindow(_ key: String) -> FirebaseRateWindows.Window?
    /// Replaces a rate-limit window.
    func setRateWindow(_ key: String, _ window: FirebaseRateWindows.Window)
    /// May drop the windows ended at `now`.
    func purgeRateWindows(endedAt now: Date)

    /// The project's settings; `nil` until first changed.
    func projectConfig() -> FirebaseProjectConfig?
    /// Replaces the project's settings.
    func setProjectConfig(_ config: FirebaseProjectConfig)

    /// Forgets every account, provider, federated id, refresh token, pending credential and spent
    /// token; the email codes, emails sent, rate-limit counters and settings stay.
    func wipeAccounts()
    /// Forgets everything of the project, codes, counters and settings included (`login reset`).
    func deleteAll()

    /// The project's passkeys and the challenges issued for them.
    var passkeys: any PasskeyRows { get }
}

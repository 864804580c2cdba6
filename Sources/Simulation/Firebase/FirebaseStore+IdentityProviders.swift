import AuthData
import Foundation

/// Sign-in and linking with an identity provider's token, and the pending credentials of refused links.
extension FirebaseStore {
    /// Refuses an Apple token seen before (prod accepts each Apple credential once), and
    /// remembers this one until it expires.
    package func spendAppleToken(_ tokenHash: String, expiresAt: Int64, now: Int64) throws(FirebaseFailure) {
        rows.purgeSpentAppleTokens(expiredAt: now)
        if let exp = rows.spentAppleToken(tokenHash), exp > now { throw .duplicateCredential }
        rows.insertSpentAppleToken(tokenHash, expiresAt: expiresAt)
    }

    /// Signs in with a verified identity: its user; else the account with its email, which a
    /// verified identity takes over when that account's email was never verified, which Google
    /// joins for a Gmail address (``isAuthoritative(_:)``), and which is otherwise left alone
    /// (`needConfirmation`); else a new user (`autoCreate`). With `signIn.allowDuplicateEmails`
    /// on, the email is not looked up and a new user does not take it as its own (it stays in
    /// the provider's entry), so several accounts may share it (firebase-tools
    /// `src/emulator/auth/operations.ts` `handleIdpSigninEmailNotRequired`, `handleIdpSignUp`).
    /// - Parameters:
    ///   - identity: The identity.
    ///   - autoCreate: Whether an unknown identity creates a user.
    ///   - client: The client's address; `nil` in process.
    ///   - now: The time.
    /// - Returns: The outcome.
    /// - Throws: `USER_DISABLED`, `USER_NOT_FOUND` (no `autoCreate`), `TOO_MANY_ATTEMPTS_TRY_LATER`.
    package func signIn(with identity: FirebaseIdentity, autoCreate: Bool, client: String?, now: Date) throws(FirebaseFailure) -> IdpOutcome
    {
        let millis = Self.millis(now)
        if let localId = rows.federatedUser(providerId: identity.providerId, rawId: identity.rawId), var user = rows.user(localId) {
            guard !user.disabled else { throw .userDisabled }
            if let index = user.providers.firstIndex(where: { $0.providerId == identity.providerId }) {
                user.providers[index].email = identity.email ?? user.providers[index].email
            }
            user.lastLoginAt = millis
            rows.save(user)
            return .signedIn(user, isNewUser: false)
        }
        let oneAccountPerEmail = !config.allowDuplicateEmails
        if oneAccountPerEmail, let email = identity.email, let localId = rows.localId(email: email), let existing = rows.user(localId) {
            // firebase-tools asks for confirmation whenever the IdP has not verified the email,
            // before looking at `disabled`; it takes a verified account over too, which this
            // engine does not (production asks to link instead), except for Google and a Gmail
            // address, which production trusts as the address's own provider.
            guard !existing.emailVerified && identity.emailVerified else {
                guard Self.isAuthoritative(identity) else { return .needConfirmation(existing: existing) }
                guard !existing.disabled else { throw .userDisabled }
                return .signedIn(linkAuthoritative(identity, to: existing, now: now), isNewUser: false)
            }
            guard !existing.disabled else { throw .userDisabled }
            return .signedIn(takeOver(existing, by: identity, now: now), isNewUser: false)
        }
        guard autoCreate else { throw .userNotFound }
        try checkNewAccount(client: client, now: now)
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: oneAccountPerEmail ? identity.email : nil,
            emailVerified: oneAccountPerEmail && identity.emailVerified,
            displayName: identity.displayName, photoUrl: identity.photoUrl, disabled: false,
            providers: [Self.providerRecord(identity)], emailLinkSignin: false, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        rows.save(user)
        rows.setFederatedUser(providerId: identity.providerId, rawId: identity.rawId, localId: user.localId)
        recordNewAccount(client: client, now: now)
        return .signedIn(user, isNewUser: true)
    }

    /// A verified identity takes over an account whose email was never verified
    /// (firebase-tools `ops.ts` `handleIdpSigninEmailRequired`): whoever created the account
    /// could not prove the address; the provider's user has. Every way the creator had in goes:
    /// - the password;
    /// - every other provider. firebase-tools computes this removal (`deleteProviders`) but
    ///   never passes it to `updateUserByLocalId`, so there the creator's IdP still signs in to
    ///   the account; its comment says the intent is to "clear existing IDPs, phone, and
    ///   password", and this engine does;
    /// - every session: `validSince` moves to now, as in firebase-tools, and refresh tokens
    ///   honour it (``revokeSessions(of:now:)``), which firebase-tools' refresh does not.
    ///
    /// The profile takes the provider's name and photo, cleared where it has none, and the
    /// email becomes verified, as in firebase-tools. The `password` entry stays only for email-link
    /// sign-in (only the mailbox's owner can use it), as firebase-tools rebuilds it.
    private func takeOver(_ account: FirebaseUserRecord, by identity: FirebaseIdentity, now: Date) -> FirebaseUserRecord {
        var account = account
        // The whole index, not just `account.providers`: a provider linked twice keeps its first
        // rawId in the index (as in firebase-tools), and that one must stop signing in too.
        for id in rows.federatedIDs(of: account.localId) { rows.setFederatedUser(providerId: id.providerId, rawId: id.rawId, localId: nil) }
        account.hasPassword = false
        account.passwordHash = nil
        account.emailVerified = true
        account.displayName = identity.displayName
        account.photoUrl = identity.photoUrl
        account.providers = [Self.providerRecord(identity)]
        if account.emailLinkSignin, let email = account.email {
            account.providers.append(Self.passwordProvider(email: email, of: account))
        }
        account.lastLoginAt = Self.millis(now)
        rows.setFederatedUser(providerId: identity.providerId, rawId: identity.rawId, localId: account.localId)
        rows.save(account)
        revokeSessions(of: account.localId, now: now)
        return rows.user(account.localId) ?? account
    }

    package func link(_ identity: FirebaseIdentity, toUser localId: String, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard var user = rows.user(localId) else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        if rows.federatedUser(providerId: identity.providerId, rawId: identity.rawId) != nil { throw .federatedAlreadyLinked }
        if let email = identity.email, let owner = rows.localId(email: email), owner != localId { throw .emailExists }
        user.providers.removeAll { $0.providerId == identity.providerId }
        user.providers.append(Self.providerRecord(identity))
        if user.email == nil, let email = identity.email {
            user.email = email
            user.emailVerified = identity.emailVerified
        } else if user.email == identity.email, identity.emailVerified {
            user.emailVerified = true
        }
        if user.displayName == nil { user.displayName = identity.displayName }
        if user.photoUrl == nil { user.photoUrl = identity.photoUrl }
        user.lastLoginAt = Self.millis(now)
        rows.save(user)
        rows.setFederatedUser(providerId: identity.providerId, rawId: identity.rawId, localId: localId)
        return user
    }

    package func storePending(_ identity: FirebaseIdentity, oauthIdToken: String, now: Date) -> String {
        rows.purgePendingCredentials(createdAtOrBefore: now.addingTimeInterval(-3600))
        let token = RandomIdentifiers.opaqueToken(96)
        rows.insertPendingCredential(token, FirebasePendingCredential(identity: identity, oauthIdToken: oauthIdToken, createdAt: now))
        return token
    }

    package func takePending(_ token: String, now: Date) throws(FirebaseFailure) -> FirebasePendingCredential {
        let pending = rows.pendingCredential(token)
        if pending != nil { rows.deletePendingCredential(token) }
        guard let pending, now.timeIntervalSince(pending.createdAt) < 3600 else {
            throw .code("INVALID_PENDING_TOKEN")
        }
        return pending
    }
}

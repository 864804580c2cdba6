import AuthData
import Foundation

/// Sign-in and linking with an identity provider's token, and the pending credentials of refused links.
extension FirebaseStore {
    /// Refuses an Apple token seen before (prod accepts each Apple credential once), and
    /// remembers this one until it expires.
    package func spendAppleToken(_ tokenHash: String, expiresAt: Int64, now: Int64) throws(FirebaseFailure) {
        if state.spentAppleTokens.count > 4096 { state.spentAppleTokens = state.spentAppleTokens.filter { $0.value > now } }
        if let exp = state.spentAppleTokens[tokenHash], exp > now { throw .duplicateCredential }
        state.spentAppleTokens[tokenHash] = expiresAt
    }

    /// Signs in with a verified identity: its user; else the account with its email, which a
    /// verified identity takes over when that account's email was never verified and which is
    /// otherwise left alone (`needConfirmation`); else a new user (`autoCreate`).
    /// - Parameters:
    ///   - identity: The identity.
    ///   - autoCreate: Whether an unknown identity creates a user.
    ///   - client: The client's address; `nil` in process.
    ///   - now: The time.
    /// - Returns: The outcome.
    /// - Throws: `USER_DISABLED`, `USER_NOT_FOUND` (no `autoCreate`), `TOO_MANY_ATTEMPTS_TRY_LATER`.
    package func signIn(with identity: FirebaseIdentity, autoCreate: Bool, client: String?, now: Date) throws(FirebaseFailure) -> IdpOutcome {
        let millis = Self.millis(now)
        let key = FirebaseState.federatedKey(providerId: identity.providerId, rawId: identity.rawId)
        if let localId = state.federatedIndex[key], var user = state.users[localId] {
            guard !user.disabled else { throw .userDisabled }
            if let index = user.providers.firstIndex(where: { $0.providerId == identity.providerId }) {
                user.providers[index].email = identity.email ?? user.providers[index].email
            }
            user.lastLoginAt = millis
            state.users[localId] = user
            return .signedIn(user, isNewUser: false)
        }
        if let email = identity.email, let localId = state.emailIndex[email], let existing = state.users[localId] {
            // firebase-tools asks for confirmation whenever the IdP has not verified the email,
            // before looking at `disabled`; it takes a verified account over too, which this
            // engine does not (production asks to link instead).
            guard !existing.emailVerified && identity.emailVerified else { return .needConfirmation(existing: existing) }
            guard !existing.disabled else { throw .userDisabled }
            return .signedIn(takeOver(existing, by: identity, now: now), isNewUser: false)
        }
        guard autoCreate else { throw .userNotFound }
        try checkNewAccount(client: client, now: now)
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: identity.email, emailVerified: identity.emailVerified,
            displayName: identity.displayName, photoUrl: identity.photoUrl, disabled: false,
            providers: [Self.providerRecord(identity)], emailLinkSignin: false, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        insert(user)
        state.federatedIndex[key] = user.localId
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
        for record in state.federatedIndex where record.value == account.localId { state.federatedIndex[record.key] = nil }
        account.hasPassword = false
        account.emailVerified = true
        account.displayName = identity.displayName
        account.photoUrl = identity.photoUrl
        account.providers = [Self.providerRecord(identity)]
        if account.emailLinkSignin, let email = account.email {
            account.providers.append(Self.passwordProvider(email: email, of: account))
        }
        account.lastLoginAt = Self.millis(now)
        state.federatedIndex[FirebaseState.federatedKey(providerId: identity.providerId, rawId: identity.rawId)] = account.localId
        state.users[account.localId] = account
        revokeSessions(of: account.localId, now: now)
        return state.users[account.localId] ?? account
    }

    package func link(_ identity: FirebaseIdentity, toUser localId: String, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard var user = state.users[localId] else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        let key = FirebaseState.federatedKey(providerId: identity.providerId, rawId: identity.rawId)
        if state.federatedIndex[key] != nil { throw .federatedAlreadyLinked }
        if let email = identity.email, let owner = state.emailIndex[email], owner != localId { throw .emailExists }
        user.providers.removeAll { $0.providerId == identity.providerId }
        user.providers.append(Self.providerRecord(identity))
        if user.email == nil, let email = identity.email {
            user.email = email
            user.emailVerified = identity.emailVerified
            state.emailIndex[email] = localId
        } else if user.email == identity.email, identity.emailVerified {
            user.emailVerified = true
        }
        if user.displayName == nil { user.displayName = identity.displayName }
        if user.photoUrl == nil { user.photoUrl = identity.photoUrl }
        user.lastLoginAt = Self.millis(now)
        state.users[localId] = user
        state.federatedIndex[key] = localId
        return user
    }

    package func storePending(_ identity: FirebaseIdentity, oauthIdToken: String, now: Date) -> String {
        if state.pending.count > 1024 { state.pending = state.pending.filter { now.timeIntervalSince($0.value.createdAt) < 3600 } }
        let token = RandomIdentifiers.opaqueToken(96)
        state.pending[token] = FirebasePendingCredential(identity: identity, oauthIdToken: oauthIdToken, createdAt: now)
        return token
    }

    package func takePending(_ token: String, now: Date) throws(FirebaseFailure) -> FirebasePendingCredential {
        guard let pending = state.pending.removeValue(forKey: token), now.timeIntervalSince(pending.createdAt) < 3600 else {
            throw .code("INVALID_PENDING_TOKEN")
        }
        return pending
    }
}

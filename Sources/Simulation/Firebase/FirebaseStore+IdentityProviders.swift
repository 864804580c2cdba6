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

    /// Signs in with a verified identity: its user; else the account with its email; else a
    /// new user (`autoCreate`).
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
        if let email = identity.email, let localId = state.emailIndex[email], var existing = state.users[localId] {
            guard !existing.disabled else { throw .userDisabled }
            guard !existing.emailVerified && identity.emailVerified else { return .needConfirmation(existing: existing) }
            // An unverified account loses to a verified IdP: its other ways in are removed.
            existing.providers = [Self.providerRecord(identity)]
            existing.hasPassword = false
            existing.emailVerified = true
            existing.displayName = identity.displayName ?? existing.displayName
            existing.lastLoginAt = millis
            for record in state.federatedIndex where record.value == localId { state.federatedIndex[record.key] = nil }
            state.federatedIndex[key] = localId
            state.users[localId] = existing
            return .signedIn(existing, isNewUser: false)
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

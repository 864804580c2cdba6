import AuthData
import AuthJWT
import Foundation

/// The id_token grant's account rules, after GoTrue's `models/linking.go`
/// (`DetermineAccountLinking`) and `api/external.go` (`createAccountFromExternalIdentity`).
extension SupabaseStore {
    /// What `DetermineAccountLinking` decides for an identity.
    enum LinkingDecision: Equatable {
        /// The identity is known: sign in to its user.
        case accountExists(userID: String)
        /// A new identity for an existing user that has the identity's verified email.
        case linkAccount(userID: String)
        /// A new user, with this email (`""`: none).
        case createAccount(email: String)
        /// Identities with the email belong to several users.
        case multipleAccounts
    }

    /// `DetermineAccountLinking`: the identity itself; else, with no verified email, a new user
    /// (keeping the email only if nobody has it); else the users of *identities* with that email
    /// (whatever their own verification), then the user whose `email` it is.
    func decide(_ identity: ProvenIdentity) -> LinkingDecision {
        if let owner = rows.userID(provider: identity.provider, subject: identity.subject), rows.user(owner) != nil {
            return .accountExists(userID: owner)
        }
        guard identity.emailVerified, let email = identity.email, !email.isEmpty else {
            let candidate = identity.email ?? ""
            let taken = !candidate.isEmpty && (!rows.userIDs(identityEmail: candidate).isEmpty || rows.userID(email: candidate) != nil)
            return .createAccount(email: taken ? "" : candidate)
        }
        let owners = rows.userIDs(identityEmail: email)
        switch owners.count {
        case 0: return rows.userID(email: email).map { .linkAccount(userID: $0) } ?? .createAccount(email: email)
        case 1: return .linkAccount(userID: owners[0])
        default: return .multipleAccounts
        }
    }

    /// `grant_type=id_token` without `link_identity`. Every refusal is decided before anything
    /// is written, so nothing is stored when it fails: GoTrue commits the new user and identity
    /// before answering 422 `provider_email_needs_verification`, and that identity then waits in
    /// the account for the email's owner; here it is never stored (stricter on purpose).
    package func signIn(with identity: ProvenIdentity, now clock: Date) throws(SupabaseFailure) -> Issued {
        let admitted = try admit(identity, now: clock)
        return try issueSession(for: admitted.userID, amr: "oauth", now: clock, showsConfirmedAt: admitted.showsConfirmedAt)
    }

    /// ``signIn(with:now:)`` without the session: the user the identity signs in to, made or
    /// updated, and whether the answer shows `confirmed_at`. A PKCE `/callback` stops here; the
    /// session is made when the code is exchanged (GoTrue `api/external.go`, `api/token.go` `PKCE`).
    package func admit(_ identity: ProvenIdentity, now clock: Date) throws(SupabaseFailure) -> (userID: String, showsConfirmedAt: Bool) {
        let decision = decide(identity)
        var target: SupabaseUserRecord?
        switch decision {
        case .accountExists(let owner), .linkAccount(let owner): target = rows.user(owner)
        case .createAccount: target = nil
        case .multipleAccounts:
            throw .api(
                status: 500, code: "unexpected_failure",
                message: "Multiple accounts with the same email address in the same linking domain detected: default")
        }
        if let target { try ensureNotBanned(target, now: clock) }
        let wasConfirmed = target?.emailConfirmedAt != nil
        guard wasConfirmed || identity.emailVerified || configuration.settings.allowUnverifiedEmailSignIns else {
            throw .api(
                status: 422, code: "provider_email_needs_verification",
                message: "Unverified email with \(identity.provider). Verify the email with \(identity.provider) in order to sign in")
        }
        let userID: String
        switch decision {
        case .accountExists(let owner):
            userID = owner
            refresh(identity, of: owner, now: clock)
        case .linkAccount(let owner):
            userID = owner
            let record = makeIdentity(identity, userID: owner, now: clock)
            guard var user = rows.user(owner) else { throw .userNotFound }
            user.identities.append(record)
            // `UpdateUserMetaData` merges the claims over the existing metadata.
            user.userMetadata.merge(identity.identityData)
            rows.save(user)
        case .createAccount(let email):
            userID = createUser(for: identity, email: email, now: clock)
        case .multipleAccounts:
            throw .userNotFound
        }
        if !wasConfirmed {
            removeUnconfirmedIdentities(of: userID, keeping: identity, endingSessions: identity.emailVerified, now: clock)
            if identity.emailVerified, var user = rows.user(userID) {
                confirm(&user, now: stamp(clock))
                rows.save(user)
            }
        }
        return (userID, wasConfirmed)
    }

    /// `AccountExists`: the identity's data is replaced by the fresh claims (its
    /// `last_sign_in_at` is not moved) and merged into the user's metadata.
    private func refresh(_ identity: ProvenIdentity, of userID: String, now clock: Date) {
        guard var user = rows.user(userID),
            let position = user.identities.firstIndex(where: { $0.provider == identity.provider && $0.providerID == identity.subject })
        else { return }
        let now = stamp(clock)
        user.identities[position].identityData = identity.identityData
        user.identities[position].email = identity.email
        user.identities[position].updatedAt = now
        user.userMetadata.merge(identity.identityData)
        user.updatedAt = now
        rows.save(user)
    }

    /// `CreateAccount`: `signupNewUser` (`created_at`), then the identity; the metadata are the claims.
    private func createUser(for identity: ProvenIdentity, email: String, now clock: Date) -> String {
        let created = stamp(clock)
        let userID = RandomIdentifiers.uuid()
        var user = SupabaseUserRecord(
            id: userID, email: email, emailConfirmedAt: nil, userMetadata: identity.identityData, identities: [],
            createdAt: created, updatedAt: created, lastSignInAt: nil, isAnonymous: false)
        user.identities = [makeIdentity(identity, userID: userID, now: clock)]
        rows.save(user)
        return userID
    }

    /// `User.RemoveUnconfirmedIdentities` (models/user.go): an unconfirmed user that a verified
    /// identity signs in to keeps only that identity, its metadata become the identity's, and its
    /// password is cleared (whoever signed up with an address they could not confirm keeps no
    /// way in through it). Stricter than GoTrue on purpose:
    /// when the identity is verified and so confirms the account, the account's existing sessions
    /// end too, so whoever created it unconfirmed keeps no way in.
    func removeUnconfirmedIdentities(of userID: String, keeping identity: ProvenIdentity, endingSessions: Bool, now clock: Date) {
        guard var user = rows.user(userID) else { return }
        let keep = user.identities.filter { $0.provider == identity.provider && $0.providerID == identity.subject }
        if let kept = keep.first { user.userMetadata = kept.identityData }
        user.identities = keep
        user.encryptedPassword = nil
        user.updatedAt = stamp(clock)
        rows.save(user)
        guard endingSessions else { return }
        for session in rows.sessionIDs(userID: userID) { endSession(session) }
    }

    /// `grant_type=id_token` with `link_identity` (api/identity.go `linkIdentityToUser`): the
    /// identity is added to the caller's user; the claims are not merged into the metadata; a
    /// user without an email takes the identity's and is confirmed by it, or, if the provider
    /// did not verify it, gets 422 `email_not_confirmed` (GoTrue commits the identity and mails
    /// a confirmation; here nothing is stored).
    package func link(_ identity: ProvenIdentity, toUser userID: String, now clock: Date) throws(SupabaseFailure) -> Issued {
        let showsConfirmedAt = try attach(identity, toUser: userID, now: clock)
        return try issueSession(for: userID, amr: "oauth", now: clock, showsConfirmedAt: showsConfirmedAt)
    }

    /// ``link(_:toUser:now:)`` without the session; returns whether the answer shows `confirmed_at`.
    package func attach(_ identity: ProvenIdentity, toUser userID: String, now clock: Date) throws(SupabaseFailure) -> Bool {
        guard var user = rows.user(userID) else { throw .userNotFound }
        let wasConfirmed = user.emailConfirmedAt != nil
        if let owner = rows.userID(provider: identity.provider, subject: identity.subject) {
            throw owner == userID ? .identityLinked : .identityLinkedToOther
        }
        if user.email.isEmpty, let email = identity.email, let owner = rows.userID(email: email), owner != userID { throw .emailExists }
        if user.email.isEmpty, !identity.emailVerified {
            throw .api(
                status: 422, code: "email_not_confirmed",
                message: "Unverified email with \(identity.provider). Verify the email with \(identity.provider) in order to sign in")
        }
        let record = makeIdentity(identity, userID: userID, now: clock)
        user.identities.append(record)
        if user.email.isEmpty {
            if let email = identity.email { user.email = email }
            confirm(&user, now: stamp(clock))
            user.isAnonymous = false
        }
        user.updatedAt = stamp(clock)
        rows.save(user)
        return wasConfirmed
    }
}

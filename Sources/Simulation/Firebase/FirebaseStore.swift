import AuthData
import AuthJWT
import Foundation

/// The Firebase-like engine's state and the rules that change it, one atomic step per request.
package actor FirebaseStore {
    /// How an IdP sign-in ended.
    package enum IdpOutcome: Sendable {
        case signedIn(FirebaseUserRecord, isNewUser: Bool)
        case needConfirmation(existing: FirebaseUserRecord)
    }

    private(set) var state: FirebaseState
    private let configuration: FirebaseEngineConfiguration

    package init(state: FirebaseState, configuration: FirebaseEngineConfiguration) {
        self.state = state
        self.configuration = configuration
    }

    package var snapshot: FirebaseState { state }

    // MARK: - Identity providers

    /// Refuses an Apple token seen before (prod accepts each Apple credential once), and
    /// remembers this one until it expires.
    package func spendAppleToken(_ tokenHash: String, expiresAt: Int64, now: Int64) throws(FirebaseFailure) {
        if state.spentAppleTokens.count > 4096 { state.spentAppleTokens = state.spentAppleTokens.filter { $0.value > now } }
        if let exp = state.spentAppleTokens[tokenHash], exp > now { throw .duplicateCredential }
        state.spentAppleTokens[tokenHash] = expiresAt
    }

    package func signIn(with identity: FirebaseIdentity, autoCreate: Bool, now: Date) throws(FirebaseFailure) -> IdpOutcome {
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
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: identity.email, emailVerified: identity.emailVerified,
            displayName: identity.displayName, photoUrl: identity.photoUrl, disabled: false,
            providers: [Self.providerRecord(identity)], emailLinkSignin: false, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        insert(user)
        state.federatedIndex[key] = user.localId
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

    // MARK: - Anonymous and admin users

    package func signUpAnonymously(now: Date) -> FirebaseUserRecord {
        let millis = Self.millis(now)
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: nil, emailVerified: false, displayName: nil, photoUrl: nil,
            disabled: false, providers: [], emailLinkSignin: false, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        insert(user)
        return user
    }

    package func createUser(_ request: FirebaseSignUpRequest, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        let millis = Self.millis(now)
        let localId = request.localId ?? RandomIdentifiers.firebaseUID()
        guard state.users[localId] == nil else { throw .code("DUPLICATE_LOCAL_ID") }
        let email = request.email?.lowercased()
        if let email, state.emailIndex[email] != nil { throw .emailExists }
        var providers: [FirebaseProviderRecord] = []
        if let email, request.password != nil {
            providers.append(FirebaseProviderRecord(providerId: "password", rawId: email, email: email, displayName: request.displayName, photoUrl: request.photoUrl))
        }
        let user = FirebaseUserRecord(
            localId: localId, email: email, emailVerified: request.emailVerified ?? false, displayName: request.displayName,
            photoUrl: request.photoUrl, disabled: request.disabled ?? false, providers: providers, emailLinkSignin: false,
            hasPassword: request.password != nil, validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        insert(user)
        return user
    }

    // MARK: - Sessions

    package func issueRefreshToken(for localId: String, signInProvider: String, authTime: Int64, now: Date) -> String {
        let token = "AMf-vB" + RandomIdentifiers.base64URL(180)
        state.refreshTokens[token] = FirebaseRefreshRecord(localId: localId, signInProvider: signInProvider, authTime: authTime, issuedAt: Int64(now.timeIntervalSince1970))
        var tokens = state.refreshTokensByUser[localId, default: []]
        tokens.append(token)
        if tokens.count > configuration.maxRefreshTokensPerUser {
            for old in tokens.prefix(tokens.count - configuration.maxRefreshTokensPerUser) { state.refreshTokens[old] = nil }
            tokens.removeFirst(tokens.count - configuration.maxRefreshTokensPerUser)
        }
        state.refreshTokensByUser[localId] = tokens
        return token
    }

    package func refresh(_ token: String) throws(FirebaseFailure) -> (FirebaseUserRecord, FirebaseRefreshRecord) {
        guard let record = state.refreshTokens[token] else { throw .invalidRefreshToken }
        guard let user = state.users[record.localId] else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        guard record.issuedAt >= user.validSince else { throw .tokenExpired }
        return (user, record)
    }

    /// Checks that the user of a verified ID token still exists, is enabled, and that the token
    /// was issued after the user's tokens were last revoked.
    package func activeUser(_ localId: String, issuedAt: Int64) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard let user = state.users[localId] else { throw .userNotFound }
        guard !user.disabled else { throw .userDisabled }
        guard issuedAt >= user.validSince else { throw .tokenExpired }
        return user
    }

    package func user(_ localId: String) -> FirebaseUserRecord? { state.users[localId] }

    package func users(localIds: [String], emails: [String]) -> [FirebaseUserRecord] {
        let byId = localIds.compactMap { state.users[$0] }
        let byEmail = emails.compactMap { state.emailIndex[$0.lowercased()].flatMap { state.users[$0] } }
        return byId + byEmail
    }

    package func update(_ localId: String, with request: FirebaseUpdateRequest, isAdmin: Bool, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard var user = state.users[localId] else { throw .userNotFound }
        if !isAdmin, request.customAttributes != nil { throw .insufficientPermission }
        if !isAdmin, request.disableUser != nil { throw .code("OPERATION_NOT_ALLOWED") }
        if let name = request.displayName { user.displayName = name }
        if let photo = request.photoUrl { user.photoUrl = photo }
        for attribute in request.deleteAttribute ?? [] {
            switch attribute {
            case "DISPLAY_NAME": user.displayName = nil
            case "PHOTO_URL": user.photoUrl = nil
            default: throw .code("INVALID_REQ_TYPE", "Unsupported deleteAttribute \(attribute)")
            }
        }
        for providerId in request.deleteProvider ?? [] {
            for provider in user.providers where provider.providerId == providerId {
                state.federatedIndex[FirebaseState.federatedKey(providerId: providerId, rawId: provider.rawId)] = nil
            }
            user.providers.removeAll { $0.providerId == providerId }
        }
        if isAdmin {
            if let email = request.email?.lowercased(), email != user.email {
                if state.emailIndex[email] != nil { throw .emailExists }
                if let old = user.email { state.emailIndex[old] = nil }
                user.email = email
                state.emailIndex[email] = localId
            }
            if let verified = request.emailVerified { user.emailVerified = verified }
            if let disabled = request.disableUser { user.disabled = disabled }
            if let validSince = request.validSince.flatMap(Int64.init) { user.validSince = validSince }
            if let attributes = request.customAttributes { user.customAttributes = attributes }
        }
        state.users[localId] = user
        return user
    }

    package func delete(_ localId: String) throws(FirebaseFailure) {
        guard let user = state.users.removeValue(forKey: localId) else { throw .userNotFound }
        for provider in user.providers { state.federatedIndex[FirebaseState.federatedKey(providerId: provider.providerId, rawId: provider.rawId)] = nil }
        if let email = user.email, state.emailIndex[email] == localId { state.emailIndex[email] = nil }
        // The refresh-token records stay (at most `maxRefreshTokensPerUser`): production answers a
        // deleted user's refresh with USER_NOT_FOUND, which needs the token to name its user. (The
        // official emulator forgets them and answers INVALID_REFRESH_TOKEN.)
        state.refreshTokensByUser[localId] = nil
    }

    package func wipe() { state = FirebaseState() }

    // MARK: - Email link

    package func createOobCode(email: String, requestType: String, now: Date) throws(FirebaseFailure) -> String {
        if let last = state.lastEmailSent[email], now.timeIntervalSince(last) < configuration.emailResendInterval { throw .tooManyAttempts }
        state.lastEmailSent[email] = now
        state.wrongOobAttempts[email] = nil
        state.oobCodes = state.oobCodes.filter { $0.value.email != email || $0.value.requestType != requestType }
        let code = RandomIdentifiers.base64URL(54)
        state.oobCodes[code] = FirebaseOobRecord(email: email, requestType: requestType, createdAt: now)
        return code
    }

    package var pendingOobCodes: [(code: String, record: FirebaseOobRecord)] {
        state.oobCodes.map { ($0.key, $0.value) }.sorted { $0.record.createdAt < $1.record.createdAt }
    }

    package func signInWithEmailLink(email: String, code: String, now: Date) throws(FirebaseFailure) -> (FirebaseUserRecord, isNewUser: Bool) {
        guard state.wrongOobAttempts[email, default: 0] < configuration.maxWrongOobAttempts else { throw .tooManyAttempts }
        guard let record = state.oobCodes[code], record.requestType == "EMAIL_SIGNIN" else {
            state.wrongOobAttempts[email, default: 0] += 1
            if state.wrongOobAttempts[email, default: 0] >= configuration.maxWrongOobAttempts {
                state.oobCodes = state.oobCodes.filter { $0.value.email != email }
            }
            throw .invalidOobCode
        }
        guard now.timeIntervalSince(record.createdAt) <= configuration.oobCodeLifetime else {
            state.oobCodes[code] = nil
            throw .expiredOobCode
        }
        guard record.email == email else {
            throw .code("INVALID_EMAIL", "The email provided does not match the sign-in email address.")
        }
        state.oobCodes[code] = nil
        state.wrongOobAttempts[email] = nil
        let millis = Self.millis(now)
        let passwordProvider = FirebaseProviderRecord(providerId: "password", rawId: email, email: email, displayName: nil, photoUrl: nil)
        if let localId = state.emailIndex[email], var user = state.users[localId] {
            guard !user.disabled else { throw .userDisabled }
            if !user.providers.contains(where: { $0.providerId == "password" }) { user.providers.append(passwordProvider) }
            user.emailVerified = true
            user.emailLinkSignin = true
            user.lastLoginAt = millis
            state.users[localId] = user
            return (user, false)
        }
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: email, emailVerified: true, displayName: nil, photoUrl: nil,
            disabled: false, providers: [passwordProvider], emailLinkSignin: true, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        insert(user)
        return (user, true)
    }

    // MARK: - Helpers

    private func insert(_ user: FirebaseUserRecord) {
        state.users[user.localId] = user
        if let email = user.email { state.emailIndex[email] = user.localId }
    }

    static func providerRecord(_ identity: FirebaseIdentity) -> FirebaseProviderRecord {
        FirebaseProviderRecord(providerId: identity.providerId, rawId: identity.rawId, email: identity.email,
                               displayName: identity.displayName, photoUrl: identity.photoUrl)
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}

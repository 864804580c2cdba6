import AuthData
import Foundation

/// Anonymous and admin-created users, lookups, updates and deletion.
extension FirebaseStore {
    /// A new anonymous user.
    /// - Parameters:
    ///   - client: The client's address; `nil` in process.
    ///   - now: The time.
    /// - Returns: The user.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER` past the client's new accounts.
    package func signUpAnonymously(client: String?, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        try checkNewAccount(client: client, now: now)
        let millis = Self.millis(now)
        let user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: nil, emailVerified: false, displayName: nil, photoUrl: nil,
            disabled: false, providers: [], emailLinkSignin: false, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        rows.save(user)
        recordNewAccount(client: client, now: now)
        return user
    }

    /// `POST /v1/projects/{p}/accounts` (admin): a user with the given fields. Unlike
    /// firebase-tools, `lastLoginAt` stays unset until the user signs in, as Google's service
    /// answers.
    /// - Parameters:
    ///   - request: The fields.
    ///   - passwordHash: The password's hash, made by the engine.
    ///   - now: The time.
    /// - Returns: The user.
    /// - Throws: `INVALID_LOCAL_ID`, `DUPLICATE_LOCAL_ID`, `INVALID_EMAIL`, `EMAIL_EXISTS`,
    ///   `INVALID_PHONE_NUMBER`, `PHONE_NUMBER_EXISTS`, and the field-size checks of
    ///   ``FirebaseFieldLimits``.
    package func createUser(
        _ request: FirebaseSignUpRequest, passwordHash: String?, now: Date
    ) throws(FirebaseFailure) -> FirebaseUserRecord {
        let millis = Self.millis(now)
        let localId = request.localId ?? RandomIdentifiers.firebaseUID()
        guard (1...FirebaseFieldLimits.localId).contains(localId.count) else {
            throw .code("INVALID_LOCAL_ID", "The uid must be 1 to \(FirebaseFieldLimits.localId) characters.")
        }
        guard rows.user(localId) == nil else { throw .code("DUPLICATE_LOCAL_ID") }
        var email: String?
        if let raw = request.email {
            guard let normalized = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
            email = normalized
        }
        if let email, rows.localId(email: email) != nil { throw .emailExists }
        let phone = try checkedPhoneNumber(request.phoneNumber, of: nil)
        try FirebaseFieldLimits.checkProfile(displayName: request.displayName, photoUrl: request.photoUrl)
        var user = FirebaseUserRecord(
            localId: localId, email: email, emailVerified: request.emailVerified ?? false, displayName: request.displayName,
            photoUrl: request.photoUrl, disabled: request.disabled ?? false, providers: [], emailLinkSignin: false,
            hasPassword: false, validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: 0, phoneNumber: phone)
        if let passwordHash { user.setPassword(hash: passwordHash, at: millis) }
        user.rebuildBuiltInProviders()
        rows.save(user)
        return user
    }

    /// A phone number the admin sets, checked as firebase-tools does (`isValidPhoneNumber`:
    /// E.164, `+` and up to 15 digits) and unique in the project.
    /// - Parameters:
    ///   - phoneNumber: The number sent, if any.
    ///   - localId: The user it is for (its own number is no conflict).
    /// - Returns: The number, or `nil` when none was sent.
    /// - Throws: `INVALID_PHONE_NUMBER : Invalid format.`, `PHONE_NUMBER_EXISTS`.
    func checkedPhoneNumber(_ phoneNumber: String?, of localId: String?) throws(FirebaseFailure) -> String? {
        guard let phoneNumber, !phoneNumber.isEmpty else { return nil }
        let digits = phoneNumber.dropFirst()
        guard phoneNumber.first == "+", (1...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .code("INVALID_PHONE_NUMBER", "Invalid format.")
        }
        if let owner = rows.localId(phoneNumber: phoneNumber), owner != localId { throw .code("PHONE_NUMBER_EXISTS") }
        return phoneNumber
    }

    package func user(_ localId: String) -> FirebaseUserRecord? { rows.user(localId) }

    package func users(
        localIds: [String], emails: [String], phoneNumbers: [String] = [], federated: [FirebaseFederatedUserId] = []
    ) -> [FirebaseUserRecord] {
        let byId =
            (localIds
            + federated.compactMap { id in
                id.providerId.flatMap { providerId in id.rawId.flatMap { rows.federatedUser(providerId: providerId, rawId: $0) } }
            }).compactMap { rows.user($0) }
        let byEmail = emails.compactMap { rows.localId(email: $0.lowercased()).flatMap { rows.user($0) } }
        let byPhone = phoneNumbers.compactMap { rows.localId(phoneNumber: $0).flatMap { rows.user($0) } }
        var seen: Set<String> = []
        return (byId + byEmail + byPhone).filter { seen.insert($0.localId).inserted }
    }

    /// `accounts:update`: every check first, in firebase-tools' order (`ops.ts`
    /// `setAccountInfoImpl`), then the writes, so a refused request changes nothing. A new
    /// email (unverified) or password moves `validSince` to now; the admin's own `validSince`
    /// wins over that.
    /// - Parameters:
    ///   - localId: The user.
    ///   - request: The changes.
    ///   - passwordHash: The new password's hash, made by the engine, if the request sets one.
    ///   - isAdmin: Whether the caller holds admin credentials (admin-only fields).
    ///   - now: The time.
    /// - Returns: The updated user.
    /// - Throws: `INSUFFICIENT_PERMISSION`, `OPERATION_NOT_ALLOWED`, the claim and field-size
    ///   checks of ``FirebaseFieldLimits``, `USER_NOT_FOUND`, `INVALID_EMAIL`, `EMAIL_EXISTS`,
    ///   `INVALID_PHONE_NUMBER`, `PHONE_NUMBER_EXISTS`, `INVALID_REQ_TYPE`.
    package func update(
        _ localId: String, with request: FirebaseUpdateRequest, passwordHash: String? = nil, isAdmin: Bool, now: Date
    ) throws(FirebaseFailure) -> FirebaseUserRecord {
        if !isAdmin, request.customAttributes != nil { throw .insufficientPermission }
        if !isAdmin, request.disableUser != nil { throw .code("OPERATION_NOT_ALLOWED") }
        if isAdmin, let attributes = request.customAttributes { try FirebaseFieldLimits.checkCustomAttributes(attributes) }
        guard var user = rows.user(localId) else { throw .userNotFound }
        let seconds = Int64(now.timeIntervalSince1970)
        if let raw = request.email {
            guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
            if email != user.email {
                if rows.localId(email: email) != nil { throw .emailExists }
                user.email = email
                user.emailVerified = false
                user.validSince = seconds
            }
        }
        if let passwordHash {
            user.setPassword(hash: passwordHash, at: Self.millis(now))
            user.validSince = seconds
        }
        try FirebaseFieldLimits.checkProfile(displayName: request.displayName, photoUrl: request.photoUrl)
        if isAdmin, let phone = try checkedPhoneNumber(request.phoneNumber, of: localId) { user.phoneNumber = phone }
        if let name = request.displayName { user.displayName = name }
        if let photo = request.photoUrl { user.photoUrl = photo }
        if isAdmin {
            if let verified = request.emailVerified { user.emailVerified = verified }
            if let disabled = request.disableUser { user.disabled = disabled }
            if let validSince = request.validSince { user.validSince = validSince.value }
            if let attributes = request.customAttributes { user.customAttributes = attributes }
        }
        for attribute in request.deleteAttribute ?? [] {
            switch attribute {
            case "USER_ATTRIBUTE_NAME_UNSPECIFIED": continue
            case "DISPLAY_NAME": user.displayName = nil
            case "PHOTO_URL": user.photoUrl = nil
            case "PASSWORD": user.setPassword(hash: nil, at: 0)
            case "EMAIL": user.clearEmail()
            default: throw .code("INVALID_REQ_TYPE", "Unsupported deleteAttribute \(attribute)")
            }
        }
        for providerId in request.deleteProvider ?? [] {
            switch providerId {
            case "password":
                user.clearEmail()
                user.setPassword(hash: nil, at: 0)
            case "phone": user.phoneNumber = nil
            default: break
            }
            for provider in user.providers where provider.providerId == providerId {
                rows.setFederatedUser(providerId: providerId, rawId: provider.rawId, localId: nil)
            }
            user.providers.removeAll { $0.providerId == providerId }
        }
        user.rebuildBuiltInProviders()
        rows.save(user)
        return user
    }

    package func delete(_ localId: String) throws(FirebaseFailure) {
        guard let user = rows.user(localId) else { throw .userNotFound }
        for provider in user.providers { rows.setFederatedUser(providerId: provider.providerId, rawId: provider.rawId, localId: nil) }
        // The refresh-token records stay (at most `maxRefreshTokensPerUser`): production answers a
        // deleted user's refresh with USER_NOT_FOUND, which needs the token to name its user. (The
        // official emulator forgets them and answers INVALID_REFRESH_TOKEN.)
        rows.deleteUser(localId)
    }

    /// `DELETE /emulator/v1/projects/{p}/accounts`: forgets every user, identity and session.
    /// As in firebase-tools (`state.ts` `deleteAllAccounts`), outstanding email codes stay; so do
    /// the rate-limit counters, so that the unauthenticated wipe does not restore a budget.
    package func wipe() { rows.wipeAccounts() }
}

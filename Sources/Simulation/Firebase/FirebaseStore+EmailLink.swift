import AuthData
import Foundation

/// Email action codes (`EMAIL_SIGNIN`) and email-link sign-in.
extension FirebaseStore {
    /// A new code for an address, replacing its outstanding one of the same type.
    /// - Parameters:
    ///   - email: The normalized address.
    ///   - requestType: `EMAIL_SIGNIN`, `PASSWORD_RESET`, `VERIFY_EMAIL`, `VERIFY_AND_CHANGE_EMAIL`.
    ///   - newEmail: The new address of a `VERIFY_AND_CHANGE_EMAIL` code.
    ///   - now: The time.
    /// - Returns: The code.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER` within the resend interval, `QUOTA_EXCEEDED` past
    ///   the project's daily emails.
    package func createOobCode(email: String, requestType: String, newEmail: String? = nil, now: Date) throws(FirebaseFailure) -> String {
        if let last = rows.lastEmailSent(to: email), now.timeIntervalSince(last) < configuration.emailResendInterval {
            throw .tooManyAttempts
        }
        try spendEmailQuota(now: now)
        if rows.emailSendCount() >= 4096 {
            rows.deleteEmailSends(sentBefore: now.addingTimeInterval(-configuration.emailResendInterval))
            rows.deleteOobCodes(createdBefore: now.addingTimeInterval(-configuration.oobCodeLifetime))
        }
        rows.setLastEmailSent(to: email, at: now)
        rows.deleteOobCodes(email: email, requestType: requestType)
        let code = RandomIdentifiers.base64URL(54)
        rows.insertOobCode(code, FirebaseOobRecord(email: email, requestType: requestType, createdAt: now, newEmail: newEmail))
        return code
    }

    package var pendingOobCodes: [(code: String, record: FirebaseOobRecord)] { rows.oobCodes() }

    /// Spends an `EMAIL_SIGNIN` code: signs in the address's user (created if new), or, with
    /// `linkingTo`, gives the signed-in user that email, verified, keeping the uid (an anonymous
    /// user is upgraded), as `ops signInWithEmailLink` does in firebase-tools.
    ///
    /// The checks run in firebase-tools' order, and the code is spent before `USER_DISABLED`
    /// and `EMAIL_EXISTS`, as there: a link is good for one attempt. Unlike firebase-tools, codes
    /// expire (`EXPIRED_OOB_CODE`) and wrong codes are counted (``FirebaseRateLimits``).
    /// - Parameters:
    ///   - email: The normalized address.
    ///   - code: The `oobCode`.
    ///   - localId: The user of the request's ID token, if any.
    ///   - client: The client's address; `nil` in process.
    ///   - now: The time.
    /// - Returns: The user and whether it was created.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER`, `INVALID_OOB_CODE`, `EXPIRED_OOB_CODE`,
    ///   `INVALID_EMAIL`, `USER_DISABLED`, `EMAIL_EXISTS`.
    package func signInWithEmailLink(
        email: String, code: String, linkingTo localId: String?, client: String?, now: Date
    ) throws(FirebaseFailure) -> (FirebaseUserRecord, isNewUser: Bool) {
        try checkCodeAttempts(email: email, client: client, now: now)
        guard let record = rows.oobCode(code), record.requestType == "EMAIL_SIGNIN" else {
            recordWrongCode(email: email, client: client, now: now)
            throw .invalidOobCode
        }
        guard now.timeIntervalSince(record.createdAt) <= configuration.oobCodeLifetime else {
            rows.deleteOobCode(code)
            throw .expiredOobCode
        }
        guard record.email == email else {
            recordWrongCode(email: email, client: client, now: now)
            throw .code("INVALID_EMAIL", "The email provided does not match the sign-in email address.")
        }
        let owner = rows.localId(email: email)
        let existing = (localId ?? owner).flatMap { rows.user($0) }
        if localId != nil, existing == nil { throw .userNotFound }
        if existing == nil { try checkNewAccount(client: client, now: now) }
        rows.deleteOobCode(code)
        guard var user = existing else {
            let user = FirebaseUserRecord(
                localId: RandomIdentifiers.firebaseUID(), email: email, emailVerified: true, displayName: nil, photoUrl: nil,
                disabled: false, providers: [Self.passwordProvider(email: email, of: nil)], emailLinkSignin: true, hasPassword: false,
                validSince: Int64(now.timeIntervalSince1970), createdAt: Self.millis(now), lastLoginAt: Self.millis(now))
            rows.save(user)
            recordNewAccount(client: client, now: now)
            return (user, true)
        }
        guard !user.disabled else { throw .userDisabled }
        if let owner, owner != user.localId { throw .emailExists }
        user.email = email
        user.emailVerified = true
        user.emailLinkSignin = true
        user.providers.removeAll { $0.providerId == "password" }
        user.providers.append(Self.passwordProvider(email: email, of: user))
        user.lastLoginAt = Self.millis(now)
        rows.save(user)
        return (user, false)
    }

    /// The `password` provider entry firebase-tools rebuilds from the top-level fields
    /// (`state.ts` `updateUserByLocalId`).
    static func passwordProvider(email: String, of user: FirebaseUserRecord?) -> FirebaseProviderRecord {
        FirebaseProviderRecord(providerId: "password", rawId: email, email: email, displayName: user?.displayName, photoUrl: user?.photoUrl)
    }
}

import AuthData
import Foundation

/// Email + password accounts and the email action codes that change them (firebase-tools
/// src/emulator/auth/operations.ts `signUp`, `signInWithPassword`, `resetPassword`,
/// `setAccountInfoImpl`). Passwords arrive here already hashed.
extension FirebaseStore {
    /// The project's settings (the defaults until changed).
    package var config: FirebaseProjectConfig { rows.projectConfig() ?? FirebaseProjectConfig() }

    /// A new email + password account, or the email and password given to the signed-in user
    /// `localId` (which keeps its uid).
    /// - Throws: `EMAIL_EXISTS`, `USER_NOT_FOUND`, `TOO_MANY_ATTEMPTS_TRY_LATER`.
    func signUp(
        email: String, passwordHash: String, displayName: String?, linkingTo localId: String?, client: String?, now: Date
    ) throws(FirebaseFailure) -> FirebaseUserRecord {
        if rows.localId(email: email) != nil { throw .emailExists }
        let millis = Self.millis(now)
        if let localId {
            guard var user = rows.user(localId) else { throw .userNotFound }
            user.email = email
            user.emailVerified = false
            if let displayName { user.displayName = displayName }
            user.setPassword(hash: passwordHash, at: millis)
            user.lastLoginAt = millis
            user.rebuildBuiltInProviders()
            rows.save(user)
            return user
        }
        try checkNewAccount(client: client, now: now)
        var user = FirebaseUserRecord(
            localId: RandomIdentifiers.firebaseUID(), email: email, emailVerified: false, displayName: displayName, disabled: false,
            providers: [], emailLinkSignin: false, hasPassword: false, validSince: Int64(now.timeIntervalSince1970), createdAt: millis,
            lastLoginAt: millis)
        user.setPassword(hash: passwordHash, at: millis)
        user.rebuildBuiltInProviders()
        rows.save(user)
        recordNewAccount(client: client, now: now)
        return user
    }

    /// Records a password sign-in whose hash the engine checked, unless the account changed
    /// since (its password, or disabled).
    /// - Throws: `INVALID_LOGIN_CREDENTIALS` when the hash changed, `USER_DISABLED`.
    func signInWithPassword(localId: String, checkedHash: String, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        guard var user = rows.user(localId), user.passwordHash == checkedHash else { throw .code("INVALID_LOGIN_CREDENTIALS") }
        guard !user.disabled else { throw .userDisabled }
        user.lastLoginAt = Self.millis(now)
        rows.save(user)
        return user
    }

    /// An outstanding, unexpired code.
    /// - Throws: `INVALID_OOB_CODE`, `EXPIRED_OOB_CODE`.
    func validOobCode(_ code: String, now: Date) throws(FirebaseFailure) -> FirebaseOobRecord {
        guard let record = rows.oobCode(code) else { throw .invalidOobCode }
        guard now.timeIntervalSince(record.createdAt) <= configuration.oobCodeLifetime else { throw .expiredOobCode }
        return record
    }

    /// Spends a `PASSWORD_RESET` code: the new password, the address verified, `validSince` now.
    /// - Throws: `INVALID_OOB_CODE` when the code or its account is gone.
    func resetPassword(code: String, passwordHash: String, now: Date) throws(FirebaseFailure) -> FirebaseUserRecord {
        let record = try validOobCode(code, now: now)
        guard record.requestType == "PASSWORD_RESET" else { throw .invalidOobCode }
        rows.deleteOobCode(code)
        guard var user = rows.localId(email: record.email).flatMap({ rows.user($0) }) else { throw .invalidOobCode }
        user.emailVerified = true
        user.setPassword(hash: passwordHash, at: Self.millis(now))
        user.validSince = Int64(now.timeIntervalSince1970)
        user.rebuildBuiltInProviders()
        rows.save(user)
        resetPasswordAttempts(localId: user.localId)
        return user
    }

    /// Spends a `VERIFY_EMAIL` code (the address verified) or a `VERIFY_AND_CHANGE_EMAIL` code
    /// (the account moved to the new address, verified), as `accounts:update` with `oobCode` does.
    /// - Returns: The user and, for an email change, the new address.
    /// - Throws: `INVALID_OOB_CODE`, `EXPIRED_OOB_CODE`, `EMAIL_EXISTS`; 501 for other code types.
    func applyOobCode(_ code: String, now: Date) throws(FirebaseFailure) -> (FirebaseUserRecord, newEmail: String?) {
        let record = try validOobCode(code, now: now)
        guard ["VERIFY_EMAIL", "VERIFY_AND_CHANGE_EMAIL"].contains(record.requestType) else {
            throw .notImplemented("\(record.requestType) codes are applied with accounts:resetPassword or signInWithEmailLink")
        }
        rows.deleteOobCode(code)
        guard var user = rows.localId(email: record.email).flatMap({ rows.user($0) }) else { throw .invalidOobCode }
        var newEmail: String?
        if record.requestType == "VERIFY_EMAIL" {
            user.emailVerified = true
        } else {
            guard let target = record.newEmail else { throw .invalidOobCode }
            guard rows.localId(email: target) == nil else { throw .emailExists }
            user.email = target
            user.emailVerified = true
            user.validSince = Int64(now.timeIntervalSince1970)
            newEmail = target
        }
        user.rebuildBuiltInProviders()
        rows.save(user)
        return (user, newEmail)
    }
}

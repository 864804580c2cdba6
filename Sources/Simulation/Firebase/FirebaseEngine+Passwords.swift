import AuthData
import AuthDomain
import Crypto
import Foundation

/// Email + password accounts, after firebase-tools src/emulator/auth/operations.ts (`signUp`,
/// `signInWithPassword`, `resetPassword`) and Google's Identity Toolkit reference. Unlike
/// firebase-tools, which keeps `fakeHash:salt=…:password=<the password>`, only a bcrypt hash is
/// stored (its own random salt inside); bcrypt runs outside the storage step, and a password is
/// a ``Secret`` that is never logged, stored or echoed.
extension FirebaseEngine {
    /// `accounts:signUp` with an email and a password: a new account, or (with `idToken`) the
    /// signed-in user, an anonymous one say, gains the email and password and keeps its uid.
    /// Checks in firebase-tools' order: `MISSING_EMAIL`, `MISSING_PASSWORD`, `INVALID_EMAIL`,
    /// `EMAIL_EXISTS`, then the password policy.
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's address (for the new-account limit); `nil` in process.
    /// - Returns: The user's tokens, `email` and `displayName`.
    /// - Throws: ``FirebaseFailure``.
    func signUpWithPassword(_ request: FirebaseSignUpRequest, client: String?) async throws(FirebaseFailure) -> FirebaseSignUpResponse {
        guard let raw = request.email else { throw .code("MISSING_EMAIL") }
        guard let password = request.password, !password.isEmpty else { throw .code("MISSING_PASSWORD") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        try FirebaseFieldLimits.checkProfile(displayName: request.displayName, photoUrl: nil)
        let config = try projectConfig()
        if try inspect({ (store: FirebaseStore) throws(FirebaseFailure) in store.rows.localId(email: email) }) != nil { throw .emailExists }
        try config.passwordPolicy.check(password.revealed)
        var caller: Caller?
        if let idToken = request.idToken, !idToken.isEmpty { caller = try await authenticate(idToken) }
        let hash = try await hashPassword(password)
        let (now, authTime) = (self.now, nowSeconds)
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.signUp(
                email: email, passwordHash: hash, displayName: request.displayName, linkingTo: caller?.localId,
                client: client, now: now)
            return (user, store.issueRefreshToken(for: user.localId, signInProvider: "password", authTime: authTime, now: now))
        }
        var response = FirebaseSignUpResponse(
            localId: user.localId, idToken: try mintIDToken(for: user, signInProvider: "password", authTime: authTime),
            refreshToken: refreshToken, expiresIn: expiresIn)
        response.email = user.email
        response.displayName = user.displayName
        return response
    }

    /// `accounts:signInWithPassword` (v3 `verifyPassword`). With email enumeration protection on
    /// (the default), an unknown address, an account without a password and a wrong password all
    /// answer `INVALID_LOGIN_CREDENTIALS`; with it off, `EMAIL_NOT_FOUND` and `INVALID_PASSWORD`.
    /// `USER_DISABLED` comes before the password is checked, as in firebase-tools. Wrong passwords
    /// count against the account (``FirebaseRateLimits/wrongPasswordsPerAccount``), as in
    /// production; firebase-tools has no limit.
    /// - Parameter request: The request.
    /// - Returns: The tokens, `registered: true`.
    /// - Throws: `MISSING_EMAIL`, `INVALID_EMAIL`, `MISSING_PASSWORD`, the refusals above.
    package func signInWithPassword(
        _ request: FirebasePasswordSignInRequest
    ) async throws(FirebaseFailure) -> FirebasePasswordSignInResponse {
        guard let raw = request.email else { throw .code("MISSING_EMAIL") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        guard let password = request.password, !password.isEmpty else { throw .code("MISSING_PASSWORD") }
        let (config, candidate) = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            (store.config, store.rows.localId(email: email).flatMap { store.rows.user($0) })
        }
        let protected = config.enableImprovedEmailPrivacy
        guard let candidate else { throw .code(protected ? "INVALID_LOGIN_CREDENTIALS" : "EMAIL_NOT_FOUND") }
        guard !candidate.disabled else { throw .userDisabled }
        let (now, authTime) = (self.now, nowSeconds)
        let localId = candidate.localId
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in try store.checkPasswordAttempts(localId: localId, now: now) }
        guard let hash = candidate.passwordHash, await verify(password, against: hash) else {
            try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in store.recordWrongPassword(localId: localId, now: now) }
            throw .code(protected ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD")
        }
        let (user, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let user = try store.signInWithPassword(localId: candidate.localId, checkedHash: hash, now: now)
            if store.stopsAtSecondFactor(user.localId, linking: false) { return (user, String?.none) }
            return (user, store.issueRefreshToken(for: user.localId, signInProvider: "password", authTime: authTime, now: now))
        }
        guard let refreshToken else {
            var response = FirebasePasswordSignInResponse(
                localId: user.localId, email: email, displayName: user.displayName,
                idToken: nil, refreshToken: nil, expiresIn: nil)
            try awaitSecondFactor(&response, localId: user.localId, signInProvider: "password", authTime: authTime)
            return response
        }
        return FirebasePasswordSignInResponse(
            localId: user.localId, email: email, displayName: user.displayName,
            idToken: try mintIDToken(for: user, signInProvider: "password", authTime: authTime), refreshToken: refreshToken,
            expiresIn: expiresIn)
    }

    /// `accounts:resetPassword`. Without `newPassword` it only reads the code (its `requestType`
    /// and address; no address for `EMAIL_SIGNIN`) and leaves it unspent; with one, a
    /// `PASSWORD_RESET` code sets the password, marks the address verified and moves
    /// `validSince` to now (firebase-tools `resetPassword`).
    /// - Parameter request: The request.
    /// - Returns: `requestType`, `email`, `newEmail`.
    /// - Throws: `MISSING_OOB_CODE`, `INVALID_OOB_CODE`, `EXPIRED_OOB_CODE`, `WEAK_PASSWORD`,
    ///   `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`.
    package func resetPassword(_ request: FirebaseResetPasswordRequest) async throws(FirebaseFailure) -> FirebaseResetPasswordResponse {
        guard let code = request.oobCode, !code.isEmpty else { throw .code("MISSING_OOB_CODE") }
        let now = self.now
        let (config, record) = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            (store.config, try store.validOobCode(code, now: now))
        }
        let answer = FirebaseResetPasswordResponse(
            requestType: record.requestType, email: record.requestType == "EMAIL_SIGNIN" ? nil : record.email, newEmail: record.newEmail)
        guard let password = request.newPassword, !password.isEmpty else { return answer }
        guard record.requestType == "PASSWORD_RESET" else { throw .invalidOobCode }
        try config.passwordPolicy.check(password.revealed)
        let hash = try await hashPassword(password)
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            _ = try store.resetPassword(code: code, passwordHash: hash, now: now)
        }
        return answer
    }

    /// The project's settings as stored (the defaults until changed).
    func projectConfig() throws(FirebaseFailure) -> FirebaseProjectConfig {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.config }
    }

    /// bcrypt at the configured cost. A password longer than bcrypt's 72 bytes is first reduced
    /// to the base64 of its SHA-256 (44 bytes), so that every byte counts, as Firebase's scrypt
    /// counts them.
    func hashPassword(_ password: Secret) async throws(FirebaseFailure) -> String {
        do {
            return try await hashing.hash(Self.bcryptInput(password), cost: configuration.passwordHashCost)
        } catch {
            throw .code("INTERNAL_ERROR", status: 500)
        }
    }

    /// Whether a password matches a stored hash: the engine's bcrypt, or one imported with
    /// `accounts:batchCreate` by its own algorithm (`false` for a malformed one), on ``hashing``.
    func verify(_ password: Secret, against hash: String) async -> Bool {
        await hashing.run { Self.matches(password, hash) }
    }

    private static func matches(_ password: Secret, _ hash: String) -> Bool {
        if let imported = FirebaseImportedPasswordHash.parse(hash) { return imported.matches(password) }
        return (try? Bcrypt.verify(bcryptInput(password), against: hash)) == true
    }

    private static func bcryptInput(_ password: Secret) -> [UInt8] {
        let bytes = Array(password.revealed.utf8)
        guard bytes.count > Bcrypt.maximumPasswordBytes else { return bytes }
        return Array(Data(SHA256.hash(data: bytes)).base64EncodedString().utf8)
    }
}

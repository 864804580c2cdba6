import AuthDomain
import Foundation

/// Email + password accounts on Firebase Auth: `accounts:signUp` with a password,
/// `signInWithPassword`, `sendOobCode` (`PASSWORD_RESET`, `VERIFY_EMAIL`,
/// `VERIFY_AND_CHANGE_EMAIL`), `resetPassword` and `accounts:update`, as Google's Identity
/// Toolkit reference and firebase-tools src/emulator/auth/operations.ts have them.
extension FirebaseAuthBackend: PasswordAuthBackend {
    /// `accounts:signUp` with the address, password and name; Firebase signs in at once (the
    /// address is verified separately, with `VERIFY_EMAIL`) and keeps no other metadata.
    /// - Parameter signUp: The sign-up.
    /// - Returns: Always ``PasswordSignUpResult/signedIn(_:)``.
    /// - Throws: ``AuthError``: `emailInUse` (`EMAIL_EXISTS`), `weakPassword`, …
    public func signUp(_ signUp: PasswordSignUp) async throws(AuthError) -> PasswordSignUpResult {
        var request = FirebaseSignUpRequest(returnSecureToken: true)
        request.email = signUp.email
        request.password = signUp.password
        request.displayName = signUp.name?.formatted
        return .signedIn(
            try await passwordCall {
                let response = try await api.signUp(request)
                return try await signedIn(
                    idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                    localId: response.localId, isNewUser: true)
            })
    }

    /// Firebase has no confirmation that signs in: the sign-up already did.
    /// - Parameters:
    ///   - email: Unused.
    ///   - proof: Unused.
    /// - Returns: Never.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func confirmSignUp(email: String, proof: EmailProof) async throws(AuthError) -> BackendSignIn {
        throw .invalidInput("Firebase signs in at sign-up; its VERIFY_EMAIL link only marks the address verified")
    }

    /// `accounts:signInWithPassword`.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `invalidLoginCredentials` (`INVALID_LOGIN_CREDENTIALS` with email
    ///   enumeration protection, else `EMAIL_NOT_FOUND` or `INVALID_PASSWORD`), `accountDisabled`.
    public func signIn(email: String, password: Secret) async throws(AuthError) -> BackendSignIn {
        try await call {
            let response = try await api.signInWithPassword(FirebasePasswordSignInRequest(email: email, password: password))
            try FirebaseWireMapping.checkSecondFactor(
                response.mfaPendingCredential, mfaInfo: response.mfaInfo, user: pendingUser(response.localId, email, response.displayName),
                provider: .password)
            return try await signedIn(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                localId: response.localId, isNewUser: false)
        }
    }

    /// `accounts:sendOobCode` with `PASSWORD_RESET`.
    /// - Parameter email: The address.
    /// - Returns: Where and when.
    /// - Throws: ``AuthError``.
    public func sendPasswordRecovery(to email: String) async throws(AuthError) -> EmailCodeChallenge {
        try await sendOob(FirebaseOobRequest(requestType: "PASSWORD_RESET", email: email, continueUrl: nil, canHandleCodeInApp: nil))
        return challenge(to: email)
    }

    /// `accounts:resetPassword` with the mail's `oobCode` (typed or from the link) and the new
    /// password, then `signInWithPassword` with it.
    /// - Parameter reset: The address, code and new password.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `codeInvalid`, `codeExpired`, `weakPassword`, …
    public func resetPassword(_ reset: PasswordReset) async throws(AuthError) -> BackendSignIn {
        let request = FirebaseResetPasswordRequest(oobCode: reset.proof.secret.revealed, newPassword: reset.newPassword)
        _ = try await call { try await api.resetPassword(request) }
        return try await signIn(email: reset.email, password: reset.newPassword)
    }

    /// `accounts:update` with `password`: Firebase issues new tokens.
    /// - Parameters:
    ///   - newPassword: The new password.
    ///   - nonce: Unused: Firebase wants a recent sign-in instead (`requiresRecentLogin`).
    ///   - accessToken: The ID token.
    /// - Returns: The user and the new session.
    /// - Throws: ``AuthError``.
    public func changePassword(to newPassword: Secret, nonce: Secret?, accessToken: Secret) async throws(AuthError) -> AccountUpdate {
        var request = FirebaseUpdateRequest(idToken: accessToken.revealed)
        request.password = newPassword
        request.returnSecureToken = true
        let signIn = try await passwordCall {
            let response = try await api.update(request)
            return try await signedIn(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                localId: response.localId, isNewUser: false)
        }
        return AccountUpdate(user: signIn.user, session: signIn.session)
    }

    /// Firebase mails no reauthentication code: signing in again is the proof.
    /// - Parameter accessToken: Unused.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func requestReauthentication(accessToken: Secret) async throws(AuthError) {
        throw .invalidInput("Firebase has no reauthentication code; sign in with the password again")
    }

    /// `accounts:sendOobCode` with `VERIFY_AND_CHANGE_EMAIL`: the address changes when the link
    /// mailed to the new address is opened.
    /// - Parameters:
    ///   - email: The new address.
    ///   - accessToken: The ID token.
    /// - Returns: The user as now, and the address waiting.
    /// - Throws: ``AuthError``.
    public func changeEmail(to email: String, accessToken: Secret) async throws(AuthError) -> EmailChange {
        var request = FirebaseOobRequest(requestType: "VERIFY_AND_CHANGE_EMAIL", email: nil, continueUrl: nil, canHandleCodeInApp: nil)
        request.idToken = accessToken.revealed
        request.newEmail = email
        try await sendOob(request)
        return EmailChange(user: try await user(accessToken: accessToken), pendingEmail: email)
    }

    /// `VERIFY_EMAIL` for the signed-in user, or `PASSWORD_RESET`; an email change is sent again
    /// with ``changeEmail(to:accessToken:)``, which names the new address.
    /// - Parameters:
    ///   - kind: Which mail.
    ///   - email: The address.
    ///   - accessToken: The ID token, for `VERIFY_EMAIL`.
    /// - Returns: Where and when.
    /// - Throws: ``AuthError``: `notSignedIn` for `VERIFY_EMAIL` without a session.
    public func resend(_ kind: EmailMessageKind, to email: String, accessToken: Secret?) async throws(AuthError) -> EmailCodeChallenge {
        switch kind {
        case .passwordRecovery:
            return try await sendPasswordRecovery(to: email)
        case .emailChange:
            guard let accessToken else { throw .notSignedIn }
            _ = try await changeEmail(to: email, accessToken: accessToken)
        case .signUpConfirmation:
            guard let accessToken else { throw .notSignedIn }
            var request = FirebaseOobRequest(requestType: "VERIFY_EMAIL", email: nil, continueUrl: nil, canHandleCodeInApp: nil)
            request.idToken = accessToken.revealed
            try await sendOob(request)
        }
        return challenge(to: email)
    }

    /// `accounts:signUp` with the signed-in user's `idToken`: the account (a guest's) gains the
    /// address and password and keeps its uid.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    ///   - accessToken: The ID token.
    /// - Returns: The user and the new session.
    /// - Throws: ``AuthError``: `emailInUse`, `weakPassword`, …
    public func addPassword(email: String, password: Secret, accessToken: Secret) async throws(AuthError) -> AccountUpdate {
        var request = FirebaseSignUpRequest(returnSecureToken: true)
        request.email = email
        request.password = password
        request.idToken = accessToken.revealed
        let signIn = try await passwordCall {
            let response = try await api.signUp(request)
            return try await signedIn(
                idToken: response.idToken, refreshToken: response.refreshToken, expiresIn: response.expiresIn,
                localId: response.localId, isNewUser: false)
        }
        return AccountUpdate(user: signIn.user, session: signIn.session)
    }

    private func sendOob(_ request: FirebaseOobRequest) async throws(AuthError) {
        _ = try await call { try await api.sendOobCode(request) }
    }

    /// ``call(_:)`` where `EMAIL_EXISTS` means the address is taken, not an identity.
    private func passwordCall<T>(_ body: () async throws -> T) async throws(AuthError) -> T {
        do {
            return try await call(body)
        } catch .credentialAlreadyInUse(let error, _) where error.code == "EMAIL_EXISTS" {
            throw .emailInUse
        }
    }

    private func challenge(to email: String) -> EmailCodeChallenge {
        let now = clock.now()
        return EmailCodeChallenge(email: email, sentAt: now, resendAvailableAt: now.addingTimeInterval(api.emailResendInterval))
    }
}

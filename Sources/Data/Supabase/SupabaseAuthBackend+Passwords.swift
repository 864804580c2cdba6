import AuthDomain
import AuthJWT
import Foundation

/// Email + password accounts on GoTrue: internal/api/signup.go, token.go (`grant_type=password`),
/// recover.go, verify.go, user.go (`PUT /user`), reauthenticate.go and resend.go.
extension SupabaseAuthBackend: PasswordAuthBackend {
    /// `POST /signup` with the name in `user_metadata` (`full_name`, `name`, `first_name`,
    /// `last_name`) beside the metadata.
    /// - Parameter signUp: The sign-up.
    /// - Returns: A session, or the mailed confirmation (also GoTrue's answer for a registered address).
    /// - Throws: ``AuthError``.
    public func signUp(_ signUp: PasswordSignUp) async throws(AuthError) -> PasswordSignUpResult {
        var data = JSONObject()
        for (key, value) in signUp.metadata { data[key] = .string(value) }
        for entry in signUp.name.map(SupabaseWireMapping.metadata(for:)) ?? [:] { data[entry.key] = entry.value }
        let response = try await call { try await api.signUp(email: signUp.email, password: signUp.password.revealed, data: data) }
        switch response {
        case .session(let payload):
            return .signedIn(
                BackendSignIn(session: SupabaseWireMapping.session(payload), user: SupabaseWireMapping.user(payload.user), isNewUser: true)
            )
        case .user:
            return .confirmationSent(challenge(to: signUp.email))
        }
    }

    /// `POST /verify` type `signup` with the code and the address, or the link's `token_hash`.
    /// - Parameters:
    ///   - email: The address.
    ///   - proof: The code or link token.
    /// - Returns: The session and the now confirmed user.
    /// - Throws: ``AuthError``: `codeInvalid` (GoTrue's `otp_expired` covers wrong and expired codes).
    public func confirmSignUp(email: String, proof: EmailProof) async throws(AuthError) -> BackendSignIn {
        let payload = try await verify(email: email, proof: proof, type: "signup")
        return BackendSignIn(session: SupabaseWireMapping.session(payload), user: SupabaseWireMapping.user(payload.user), isNewUser: true)
    }

    /// `POST /token?grant_type=password`.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `invalidLoginCredentials`, `emailNotConfirmed`, `accountDisabled`.
    public func signIn(email: String, password: Secret) async throws(AuthError) -> BackendSignIn {
        let payload = try await call { try await api.token(email: email, password: password.revealed) }
        return BackendSignIn(session: SupabaseWireMapping.session(payload), user: SupabaseWireMapping.user(payload.user), isNewUser: false)
    }

    /// `POST /recover`: `{}` for any well-formed address.
    /// - Parameter email: The address.
    /// - Returns: Where and when.
    /// - Throws: ``AuthError``.
    public func sendPasswordRecovery(to email: String) async throws(AuthError) -> EmailCodeChallenge {
        try await call { try await api.recover(email: email) }
        return challenge(to: email)
    }

    /// `POST /verify` type `recovery` (a session for the user), then `PUT /user` with the new
    /// password in that session.
    /// - Parameter reset: The address, proof and new password.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `codeInvalid`, `weakPassword`, …
    public func resetPassword(_ reset: PasswordReset) async throws(AuthError) -> BackendSignIn {
        let payload = try await verify(email: reset.email, proof: reset.proof, type: "recovery")
        let user = try await call {
            try await api.updateUser(bearer: payload.accessToken, change: SupabaseUserChange(password: reset.newPassword.revealed))
        }
        return BackendSignIn(session: SupabaseWireMapping.session(payload), user: SupabaseWireMapping.user(user), isNewUser: false)
    }

    /// `PUT /user` with `password` (and `nonce`, GoTrue's secure password change); the session stays.
    /// - Parameters:
    ///   - newPassword: The new password.
    ///   - nonce: The reauthentication code, when asked for.
    ///   - accessToken: The access token.
    /// - Returns: The updated user; the session stands.
    /// - Throws: ``AuthError``: `reauthenticationRequired`, `weakPassword`, …
    public func changePassword(to newPassword: Secret, nonce: Secret?, accessToken: Secret) async throws(AuthError) -> AccountUpdate {
        let change = SupabaseUserChange(password: newPassword.revealed, nonce: nonce?.revealed)
        let user = try await call { try await api.updateUser(bearer: accessToken.revealed, change: change) }
        return AccountUpdate(user: SupabaseWireMapping.user(user), session: nil)
    }

    /// `GET /reauthenticate`: a code to the user's confirmed address.
    /// - Parameter accessToken: The access token.
    /// - Throws: ``AuthError``.
    public func requestReauthentication(accessToken: Secret) async throws(AuthError) {
        try await call { try await api.reauthenticate(bearer: accessToken.revealed) }
    }

    /// `PUT /user` with `email`: with secure email change on (GoTrue's default) a link and code
    /// to both addresses, and the address changes once confirmed.
    /// - Parameters:
    ///   - email: The new address.
    ///   - accessToken: The access token.
    /// - Returns: The user and `new_email`.
    /// - Throws: ``AuthError``.
    public func changeEmail(to email: String, accessToken: Secret) async throws(AuthError) -> EmailChange {
        let payload = try await call { try await api.updateUser(bearer: accessToken.revealed, change: SupabaseUserChange(email: email)) }
        return EmailChange(user: SupabaseWireMapping.user(payload), pendingEmail: payload.newEmail)
    }

    /// `POST /resend` type `signup` or `email_change`; a recovery is `POST /recover` again.
    /// - Parameters:
    ///   - kind: Which mail.
    ///   - email: The address.
    ///   - accessToken: Unused: GoTrue's `/resend` takes the address.
    /// - Returns: Where and when.
    /// - Throws: ``AuthError``.
    public func resend(_ kind: EmailMessageKind, to email: String, accessToken: Secret?) async throws(AuthError) -> EmailCodeChallenge {
        switch kind {
        case .passwordRecovery: return try await sendPasswordRecovery(to: email)
        case .signUpConfirmation: try await call { try await api.resend(type: "signup", email: email) }
        case .emailChange: try await call { try await api.resend(type: "email_change", email: email) }
        }
        return challenge(to: email)
    }

    /// `PUT /user` with `email` and `password`: the account (a guest's keeps its id) gets an
    /// address (confirmed through the mail GoTrue sends) and a password.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    ///   - accessToken: The access token.
    /// - Returns: The updated user; the session stands.
    /// - Throws: ``AuthError``.
    public func addPassword(email: String, password: Secret, accessToken: Secret) async throws(AuthError) -> AccountUpdate {
        let change = SupabaseUserChange(email: email, password: password.revealed)
        let user = try await call { try await api.updateUser(bearer: accessToken.revealed, change: change) }
        return AccountUpdate(user: SupabaseWireMapping.user(user), session: nil)
    }

    private func verify(email: String, proof: EmailProof, type: String) async throws(AuthError) -> SupabaseSessionPayload {
        try await call {
            switch proof {
            case .code(let code): try await api.verify(email: email, token: code.revealed, type: type)
            case .linkToken(let hash): try await api.verify(tokenHash: hash.revealed, type: type)
            }
        }
    }

    private func challenge(to email: String) -> EmailCodeChallenge {
        let now = clock.now()
        return EmailCodeChallenge(email: email, sentAt: now, resendAvailableAt: now.addingTimeInterval(api.emailResendInterval))
    }
}

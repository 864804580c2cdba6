import AuthDomain

/// Changes to the signed-in account's password and address, in the session the coordinator's
/// ``SessionManager`` keeps: a password change (with GoTrue's reauthentication code where the
/// project asks for it), an address change, a guest's upgrade to email + password (its id
/// stays), and mails sent again.
///
/// ```swift
/// let account = PasswordAccountService(backend: backend, sessions: coordinator.sessions)
/// do { try await account.changePassword(to: Secret(typed), nonce: nil) }
/// catch .reauthenticationRequired {
///     try await account.requestReauthentication()      // mails a code
///     try await account.changePassword(to: Secret(typed), nonce: Secret(code))
/// }
/// ```
public struct PasswordAccountService: Sendable {
    private let backend: any PasswordAuthBackend
    private let sessions: SessionManager

    /// Creates the service.
    /// - Parameters:
    ///   - backend: The backend's password side.
    ///   - sessions: The session manager of the app's coordinator.
    public init(backend: any PasswordAuthBackend, sessions: SessionManager) {
        self.backend = backend
        self.sessions = sessions
    }

    /// Sets a new password.
    /// - Parameters:
    ///   - newPassword: The new password.
    ///   - nonce: The mailed reauthentication code, when the backend asked for it.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `notSignedIn`, `reauthenticationRequired`, `weakPassword`,
    ///   `requiresRecentLogin` (Firebase: sign in with the password again, then retry), …
    @discardableResult
    public func changePassword(to newPassword: Secret, nonce: Secret?) async throws(AuthError) -> AuthUser {
        try PasswordAuthStrategy.check(newPassword)
        let token = try await sessions.validSession().accessToken
        return try await keep(try await backend.changePassword(to: newPassword, nonce: nonce, accessToken: token))
    }

    /// Mails the signed-in user the code a password change may ask for.
    /// - Throws: ``AuthError``.
    public func requestReauthentication() async throws(AuthError) {
        try await backend.requestReauthentication(accessToken: try await sessions.validSession().accessToken)
    }

    /// Changes the address (confirmed through the mail where the backend sends one).
    /// - Parameter email: The new address.
    /// - Returns: The user and the address waiting for confirmation.
    /// - Throws: ``AuthError``: `invalidEmail`, `emailInUse`, …
    @discardableResult
    public func changeEmail(to email: String) async throws(AuthError) -> EmailChange {
        let address = try EmailAddress.normalized(email)
        let token = try await sessions.validSession().accessToken
        let change = try await backend.changeEmail(to: address, accessToken: token)
        await sessions.updateUser(change.user)
        return change
    }

    /// Confirms one address of a change of address with the code mailed to it: with GoTrue's
    /// secure email change, call it for the current address's code and for the new one's (in
    /// either order); the second changes the address and replaces the session with the one the
    /// backend issues.
    /// - Parameters:
    ///   - email: The address the code was mailed to.
    ///   - code: The code, as typed.
    /// - Returns: Whether the other address is still due, or the change.
    /// - Throws: ``AuthError``: `codeInvalid`; `invalidInput` on a backend that confirms a change
    ///   only through its link (Firebase's `VERIFY_AND_CHANGE_EMAIL`).
    @discardableResult
    public func confirmEmailChange(email: String, code: Secret) async throws(AuthError) -> EmailChangeConfirmation {
        guard let confirming = backend as? any EmailChangeConfirming else {
            throw .invalidInput("this backend confirms a change of address through the mailed link only")
        }
        let address = try EmailAddress.normalized(email)
        let answer = try await confirming.confirmEmailChange(email: address, proof: .code(code))
        if case .changed(let update) = answer { _ = try await keep(update) }
        return answer
    }

    /// Gives the signed-in account (a guest keeps its id) an address and a password.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `emailInUse`, `weakPassword`, …
    @discardableResult
    public func addPassword(email: String, password: Secret) async throws(AuthError) -> AuthUser {
        let address = try EmailAddress.normalized(email)
        try PasswordAuthStrategy.check(password)
        let token = try await sessions.validSession().accessToken
        return try await keep(try await backend.addPassword(email: address, password: password, accessToken: token))
    }

    /// Sends a mail again (to the signed-in user's address when `email` is `nil`).
    /// - Parameters:
    ///   - kind: Which mail.
    ///   - email: The address, or `nil` for the signed-in user's.
    /// - Returns: Where and when.
    /// - Throws: ``AuthError``: `notSignedIn` without an address, `rateLimited`, …
    @discardableResult
    public func resend(_ kind: EmailMessageKind, to email: String?) async throws(AuthError) -> EmailCodeChallenge {
        let stored = await sessions.stored
        guard let address = try (email ?? stored?.user.email).map({ raw throws(AuthError) in try EmailAddress.normalized(raw) }) else {
            throw .notSignedIn
        }
        let token = stored == nil ? nil : try await sessions.validSession().accessToken
        return try await backend.resend(kind, to: address, accessToken: token)
    }

    /// Keeps what an update returned: a new session in place of the old, or the updated user.
    private func keep(_ update: AccountUpdate) async throws(AuthError) -> AuthUser {
        if let session = update.session, var stored = await sessions.stored {
            stored.session = session
            stored.user = update.user
            try await sessions.adopt(stored, announcing: .tokenRefreshed(session))
        } else {
            await sessions.updateUser(update.user)
        }
        return update.user
    }
}

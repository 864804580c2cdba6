/// The email + password side of an auth backend: sign-up, sign-in, recovery, and changes to the
/// signed-in account's password and address.
///
/// A separate port from ``AuthBackend`` so that a backend without passwords needs nothing new.
/// Adapters: `SupabaseAuthBackend` (GoTrue `/signup`, `/token?grant_type=password`, `/recover`,
/// `/verify`, `PUT /user`, `/reauthenticate`, `/resend`) and `FirebaseAuthBackend` (Identity
/// Toolkit `accounts:signUp`, `signInWithPassword`, `sendOobCode`, `resetPassword`, `update`),
/// over HTTP or over the in-process engines. Every method throws ``AuthError``.
public protocol PasswordAuthBackend: Sendable {
    /// Creates an email + password account.
    /// - Parameter signUp: The address, password, name and metadata.
    /// - Returns: A session, or a sent confirmation to wait for.
    /// - Throws: ``AuthError``: `invalidEmail`, `weakPassword`, `emailInUse`, `rateLimited`, …
    func signUp(_ signUp: PasswordSignUp) async throws(AuthError) -> PasswordSignUpResult

    /// Confirms a sign-up with the mailed code or link, and signs in.
    /// - Parameters:
    ///   - email: The address the confirmation went to.
    ///   - proof: The code or link token.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `codeInvalid`, `codeExpired`, …
    func confirmSignUp(email: String, proof: EmailProof) async throws(AuthError) -> BackendSignIn

    /// Signs in with an address and a password.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `invalidLoginCredentials`, `emailNotConfirmed`, `accountDisabled`, …
    func signIn(email: String, password: Secret) async throws(AuthError) -> BackendSignIn

    /// Mails a recovery code and link; answers alike whether or not the address is registered.
    /// - Parameter email: The address.
    /// - Returns: Where and when it was sent.
    /// - Throws: ``AuthError``: `invalidEmail`, `rateLimited`, …
    func sendPasswordRecovery(to email: String) async throws(AuthError) -> EmailCodeChallenge

    /// Finishes a recovery: checks the mailed proof, sets the new password and signs in.
    /// - Parameter reset: The address, the proof and the new password.
    /// - Returns: The session and user.
    /// - Throws: ``AuthError``: `codeInvalid`, `codeExpired`, `weakPassword`, …
    func resetPassword(_ reset: PasswordReset) async throws(AuthError) -> BackendSignIn

    /// Sets a new password for the signed-in user.
    /// - Parameters:
    ///   - newPassword: The new password.
    ///   - nonce: The code ``requestReauthentication(accessToken:)`` mailed, when the backend
    ///     asked for it (`reauthenticationRequired`).
    ///   - accessToken: The session's access token.
    /// - Returns: The user, and a new session when the backend issued one.
    /// - Throws: ``AuthError``: `weakPassword`, `reauthenticationRequired`, `requiresRecentLogin`, …
    func changePassword(to newPassword: Secret, nonce: Secret?, accessToken: Secret) async throws(AuthError) -> AccountUpdate

    /// Mails the signed-in user a code that proves they are present (GoTrue `/reauthenticate`).
    /// - Parameter accessToken: The session's access token.
    /// - Throws: ``AuthError``; `invalidInput` on a backend without it (Firebase signs in again).
    func requestReauthentication(accessToken: Secret) async throws(AuthError)

    /// Changes the signed-in user's address, by a confirmation mailed first where the backend
    /// does so.
    /// - Parameters:
    ///   - email: The new address.
    ///   - accessToken: The session's access token.
    /// - Returns: The user and the address waiting for confirmation.
    /// - Throws: ``AuthError``: `invalidEmail`, `emailInUse`, …
    func changeEmail(to email: String, accessToken: Secret) async throws(AuthError) -> EmailChange

    /// Sends a mail again.
    /// - Parameters:
    ///   - kind: Which mail.
    ///   - email: The address it goes to.
    ///   - accessToken: The session's access token, for mails about a signed-in account.
    /// - Returns: Where and when it was sent.
    /// - Throws: ``AuthError``: `rateLimited`, …
    func resend(_ kind: EmailMessageKind, to email: String, accessToken: Secret?) async throws(AuthError) -> EmailCodeChallenge

    /// Gives the signed-in account (a guest, or one that signs in with a provider) an address and
    /// password, keeping its id.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    ///   - accessToken: The session's access token.
    /// - Returns: The user, and a new session when the backend issued one.
    /// - Throws: ``AuthError``: `emailInUse`, `weakPassword`, …
    func addPassword(email: String, password: Secret, accessToken: Secret) async throws(AuthError) -> AccountUpdate
}

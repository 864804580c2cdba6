/// The remote auth service: Supabase Auth, Firebase Auth, or an in-process engine that behaves
/// like one. The server verifies every identity token; the client never trusts its own check.
///
/// Every method throws ``AuthError``. Adapters: `SupabaseAuthBackend` and `FirebaseAuthBackend`
/// (AuthData), over HTTP or, through AuthSimulation's `SupabaseAuthBackend(engine:)` and
/// `FirebaseAuthBackend(engine:)`, over the in-process engines.
public protocol AuthBackend: Sendable {
    /// Signs in (creating the account when needed) with an identity provider's ID token.
    /// - Parameter credential: The ID token, the raw nonce and what else the provider gave.
    /// - Returns: The session, the user and whether the account is new.
    /// - Throws: ``AuthError``: `invalidIdentityToken`, `missingNonce`, `nonceMismatch`,
    ///   `accountExistsWithDifferentCredential`, `accountDisabled`, `network`, `backend`.
    func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn

    /// Creates an anonymous guest account and signs it in.
    /// - Returns: The session and the new guest user.
    /// - Throws: ``AuthError``.
    func signInAnonymously() async throws(AuthError) -> BackendSignIn

    /// Sends a one-time sign-in code (Supabase: a 6-digit OTP; Firebase: an email-link code).
    /// - Parameter email: The address to send it to.
    /// - Returns: Where and when it was sent, and when another may be requested.
    /// - Throws: ``AuthError``: `invalidEmail`, `rateLimited`, `network`, `backend`.
    func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge

    /// Verifies a one-time code and signs in.
    /// - Parameters:
    ///   - code: The code the user typed.
    ///   - email: The address it was sent to.
    /// - Returns: The session, the user and whether the account is new.
    /// - Throws: ``AuthError``: `codeInvalid`, `codeExpired`, `rateLimited`, `network`, `backend`.
    func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn

    /// Exchanges a refresh token for a new session.
    /// - Parameter refreshToken: The current refresh token.
    /// - Returns: The new session (Supabase rotates the refresh token).
    /// - Throws: ``AuthError``: `sessionExpired` when the token is unknown, reused or revoked;
    ///   `accountDisabled`; `network` (transient).
    func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession

    /// Reads the signed-in user.
    /// - Parameter accessToken: The session's access token.
    /// - Returns: The user as the backend knows them now.
    /// - Throws: ``AuthError``.
    func user(accessToken: Secret) async throws(AuthError) -> AuthUser

    /// Writes profile fields (the name Apple gave on the first sign-in) to the backend user.
    /// - Parameters:
    ///   - update: The fields to write.
    ///   - accessToken: The session's access token.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``.
    func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser

    /// Adds a provider identity to the signed-in account (an anonymous account stops being
    /// anonymous and keeps its id).
    /// - Parameters:
    ///   - credential: The provider's ID token and raw nonce.
    ///   - accessToken: The session's access token.
    /// - Returns: The new session for the same user.
    /// - Throws: ``AuthError``: `credentialAlreadyInUse`, `backend`, `network`.
    func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn

    /// Removes a provider identity from the signed-in account.
    /// - Parameters:
    ///   - provider: The identity to remove.
    ///   - accessToken: The session's access token.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `backend` when it is the last way in or not linked.
    func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser

    /// Ends sessions on the backend.
    /// - Parameters:
    ///   - accessToken: The session's access token.
    ///   - scope: This session, every session of the user, or all but this one.
    /// - Throws: ``AuthError``.
    func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError)

    /// Deletes the signed-in user's account on the backend.
    /// - Parameter accessToken: The session's access token.
    /// - Throws: ``AuthError``: `requiresRecentLogin` when the backend wants a fresh sign-in.
    func deleteAccount(accessToken: Secret) async throws(AuthError)
}

/// A backend's answer to a sign-in.
public struct BackendSignIn: Hashable, Sendable {
    /// The new session.
    public var session: AuthSession
    /// The signed-in user.
    public var user: AuthUser
    /// Whether the account was created by this sign-in.
    public var isNewUser: Bool

    /// Creates a sign-in answer.
    /// - Parameters:
    ///   - session: The new session.
    ///   - user: The signed-in user.
    ///   - isNewUser: Whether the account is new.
    public init(session: AuthSession, user: AuthUser, isNewUser: Bool) {
        self.session = session
        self.user = user
        self.isNewUser = isNewUser
    }
}

/// Profile fields to write to the backend user.
public struct ProfileUpdate: Hashable, Sendable {
    /// The person's name.
    public var name: PersonName

    /// Creates an update.
    /// - Parameter name: The name to store.
    public init(name: PersonName) { self.name = name }
}

/// Which sessions a sign-out ends.
public enum SignOutScope: String, Hashable, Sendable, Codable, CaseIterable {
    /// Only this device's session.
    case local
    /// Every session of the user, on every device.
    case global
    /// Every session but this one.
    case others
}

/// One way of signing in (Apple, Google, anonymous, email code), registered with the
/// coordinator under its ``provider``.
///
/// Beyond signing in, a strategy may take part in the account's life through hooks with
/// do-nothing defaults: linking, recovering a refused link, re-authenticating, credential checks
/// at launch and while the app runs, and work before the account is deleted. The coordinator asks
/// the registered strategies and knows no provider itself.
public protocol SocialAuthStrategyProviding: Sendable {
    /// The provider this strategy handles.
    var provider: ProviderID { get }

    /// Runs the sign-in.
    /// - Parameter credential: What the user chose; its ``LoginCredential/provider`` equals
    ///   ``provider``.
    /// - Returns: The signed-in result, or a sent code for the email flow's first step.
    /// - Throws: ``AuthError``.
    func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome

    /// Adds this provider's identity to the account signed in with `accessToken`.
    /// - Parameter accessToken: The current session's access token.
    /// - Returns: The result for the same user, now with this provider.
    /// - Throws: ``AuthError``; `invalidInput` for providers that cannot be linked.
    func link(toAccountWith accessToken: Secret) async throws(AuthError) -> AuthenticationResult

    /// Signs in to the account that owns an identity, with the credential a backend returned
    /// when it refused to link it.
    /// - Parameter recovery: The credential from ``AuthError/credentialAlreadyInUse(_:recovery:)``.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``; `invalidInput` for providers without recovery.
    func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult

    /// Whether signing in again with this provider proves the user is present (a sheet the
    /// user answers), so the coordinator can use it when a backend wants a recent sign-in.
    var canReauthenticate: Bool { get }

    /// Asks the provider whether the user with this subject still authorizes the app.
    /// - Parameters:
    ///   - subject: The provider's id for the user (``StoredSession/providerSubjects``).
    ///   - occasion: Why the check runs.
    /// - Returns: Whether the session may stand.
    func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck

    /// Reports, while the app runs, that the provider revoked some authorization; the
    /// coordinator then runs ``checkCredential(forSubject:occasion:)``.
    /// - Returns: A stream that yields once per report.
    func credentialRevocations() -> AsyncStream<Void>

    /// Runs before the account is deleted on the backend, for a user who has this provider
    /// (revoking the provider's tokens, as the App Store requires for Apple).
    /// - Parameter reauthenticate: Signs in again with this provider, landing on the same
    ///   account, and keeps the new session.
    /// - Returns: The re-authentication's result when it re-authenticated, else `nil`.
    /// - Throws: ``AuthError``; the account is then not deleted.
    func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult?
}

extension SocialAuthStrategyProviding {
    /// Providers that cannot be linked (anonymous, email code) refuse.
    /// - Parameter accessToken: Unused.
    /// - Returns: Never.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func link(toAccountWith accessToken: Secret) async throws(AuthError) -> AuthenticationResult {
        throw .invalidInput("\(provider) cannot be linked to an existing account")
    }

    /// Providers without identity tokens have nothing to recover with.
    /// - Parameter recovery: Unused.
    /// - Returns: Never.
    /// - Throws: ``AuthError/invalidInput(_:)``.
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult {
        throw .invalidInput("\(provider) has no way to sign in to the account that owns an identity")
    }

    /// No re-authentication by default.
    public var canReauthenticate: Bool { false }

    /// Nothing to check: the session stands.
    /// - Parameters:
    ///   - subject: Unused.
    ///   - occasion: Unused.
    /// - Returns: ``CredentialCheck/stands``.
    public func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck { .stands }

    /// No reports.
    /// - Returns: A finished stream.
    public func credentialRevocations() -> AsyncStream<Void> { AsyncStream { $0.finish() } }

    /// Nothing to do before deletion.
    /// - Parameter reauthenticate: Unused.
    /// - Returns: `nil`.
    public func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult? { nil }
}

/// The outcome of a sign-in step.
public enum SignInOutcome: Hashable, Sendable {
    /// The user is signed in.
    case authenticated(AuthenticationResult)
    /// A one-time code was sent; verify it with ``LoginCredential/emailCode(email:code:)``.
    case codeSent(EmailCodeChallenge)
    /// A mail the user must act on was sent: the sign-up confirmation (the account waits for it
    /// before signing in; confirm with ``LoginCredential/emailCode(email:code:)`` or the link) or
    /// the password recovery (finish with ``LoginCredential/passwordReset(_:)``).
    case mailSent(EmailCodeChallenge, kind: EmailMessageKind)
}

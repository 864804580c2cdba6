import AuthDomain

/// One native identity provider as ``IDTokenAuthStrategy`` needs it: how to ask its sheet for an
/// ID token, and what only this provider does around a sign-in. Every hook but
/// ``authorize(nonce:)`` has a default, so a new provider is one small value:
///
/// ```swift
/// struct ExampleIDProvider: IDTokenProvider {
///     let sheet: ExampleSheet
///     var id: ProviderID { "example" }
///     func authorize(nonce: String?) async throws(AuthError) -> IDTokenAuthorization {
///         let answer = try await sheet.present(nonce: nonce)
///         return IDTokenAuthorization(subject: answer.userID, idToken: answer.idToken,
///                                     profile: ProviderProfile(email: answer.email))
///     }
/// }
/// await coordinator.register(IDTokenAuthStrategy(provider: ExampleIDProvider(sheet: sheet),
///                                                backend: backend, nonces: NonceGenerator(source: .live)))
/// ```
///
/// ``AppleIDTokenProvider`` and ``GoogleIDTokenProvider`` are the two this package ships.
public protocol IDTokenProvider: Sendable {
    /// The provider's id, as the backend's wire names know it (`ProviderWireNames`).
    var id: ProviderID { get }

    /// The provider's name in developer messages ("Apple").
    var displayName: String { get }

    /// Shows the provider's sheet and maps its answer.
    /// - Parameter nonce: The SHA-256 hex of the raw nonce, for the provider to copy into the
    ///   token's `nonce` claim; `nil` when the strategy was made without nonces.
    /// - Returns: The token and what the provider shared.
    /// - Throws: ``AuthError``: `cancelled` for a dismissed sheet, the provider's failures.
    func authorize(nonce: String?) async throws(AuthError) -> IDTokenAuthorization

    /// The user the sign-in ends with, after the backend accepted the token: where a provider
    /// stores what it gives once (Apple's first-authorization name).
    /// - Parameters:
    ///   - response: The backend's sign-in (or link) answer.
    ///   - authorization: The sheet's answer.
    ///   - backend: The backend, for a profile update.
    /// - Returns: The user.
    /// - Throws: ``AuthError`` when the session proves over.
    func user(
        signedIn response: BackendSignIn, authorization: IDTokenAuthorization, backend: any AuthBackend
    ) async throws(AuthError) -> AuthUser

    /// The strategy's ``SocialAuthStrategyProviding/canReauthenticate``.
    var canReauthenticate: Bool { get }

    /// The strategy's ``SocialAuthStrategyProviding/checkCredential(forSubject:occasion:)``:
    /// whether the user with this subject still authorizes the app.
    /// - Parameters:
    ///   - subject: The provider's id for the user.
    ///   - occasion: Launch, or a reported revocation.
    /// - Returns: ``CredentialCheck/ended(_:)`` with
    ///   ``SignOutReason/providerCredentialRevoked(_:)`` to sign out.
    func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck

    /// The strategy's ``SocialAuthStrategyProviding/credentialRevocations()``.
    /// - Returns: A stream that yields each time the provider reports a revocation.
    func credentialRevocations() -> AsyncStream<Void>

    /// The strategy's ``SocialAuthStrategyProviding/prepareAccountDeletion(reauthenticate:)``
    /// (Apple revokes its tokens there).
    /// - Parameter reauthenticate: Signs in again through this provider's sheet.
    /// - Returns: The re-authentication, if one ran.
    /// - Throws: ``AuthError``, which keeps the account.
    func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult?
}

extension IDTokenProvider {
    /// The provider id's raw value.
    public var displayName: String { id.rawValue }

    /// The backend's user, unchanged.
    /// - Parameters:
    ///   - response: The backend's answer.
    ///   - authorization: Unused.
    ///   - backend: Unused.
    /// - Returns: `response.user`.
    public func user(
        signedIn response: BackendSignIn, authorization: IDTokenAuthorization, backend: any AuthBackend
    ) async throws(AuthError) -> AuthUser {
        response.user
    }

    /// A sheet the user answers proves they are there.
    public var canReauthenticate: Bool { true }

    /// Nothing to check: the session stands.
    /// - Parameters:
    ///   - subject: Unused.
    ///   - occasion: Unused.
    /// - Returns: ``CredentialCheck/stands``.
    public func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck {
        .stands
    }

    /// No reports.
    /// - Returns: A finished stream.
    public func credentialRevocations() -> AsyncStream<Void> { AsyncStream { $0.finish() } }

    /// Nothing to do before a deletion.
    /// - Parameter reauthenticate: Unused.
    /// - Returns: `nil`.
    public func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult? {
        nil
    }
}

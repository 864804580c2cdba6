import AuthDomain
import Logging

/// Sign in with Apple's part of ``IDTokenAuthStrategy``: Apple's sheet, the name and email Apple
/// gives only on the first authorization, and what Apple asks of apps beyond signing in.
///
/// The name goes to the backend with the token and to the ``ProfileCache``; if the backend
/// write fails, the cached name is written on a later sign-in. At launch, and whenever Apple
/// reports a revocation while the app runs, it checks that the user still authorizes the app;
/// before an account is deleted it re-authenticates for a fresh authorization code and revokes
/// the user's tokens with the `tokenRevoker` (App Store guideline 5.1.1(v)).
public struct AppleIDTokenProvider: IDTokenProvider {
    private let authorizer: any AppleIDAuthorizing
    private let profileCache: any ProfileCache
    private let tokenRevoker: (any AppleTokenRevoking)?
    private let logger: Logger

    /// `.apple`.
    public var id: ProviderID { .apple }

    /// "Apple".
    public var displayName: String { "Apple" }

    /// Creates Apple's hooks.
    /// - Parameters:
    ///   - authorizer: Shows Apple's sheet (or the simulated one).
    ///   - profileCache: Keeps the first-sign-in name and email.
    ///   - tokenRevoker: Revokes the user's Apple tokens before the account is deleted; without
    ///     one, deleting an account that has Apple is refused.
    ///   - logger: Where progress is logged (never a secret).
    public init(
        authorizer: any AppleIDAuthorizing, profileCache: any ProfileCache, tokenRevoker: (any AppleTokenRevoking)?,
        logger: Logger
    ) {
        self.authorizer = authorizer
        self.profileCache = profileCache
        self.tokenRevoker = tokenRevoker
        self.logger = logger
    }

    /// Shows Apple's sheet for the name and the email.
    /// - Parameter nonce: The hashed nonce Apple copies into the token.
    /// - Returns: The token, the authorization code, and the first authorization's name and email.
    /// - Throws: ``AuthError`` from the sheet.
    public func authorize(nonce: String?) async throws(AuthError) -> IDTokenAuthorization {
        let apple = try await authorizer.authorize(AppleIDRequest(scopes: [.fullName, .email], nonce: nonce))
        let name = apple.fullName?.formatted == nil ? nil : apple.fullName
        return IDTokenAuthorization(
            subject: apple.user, idToken: apple.identityToken, authorizationCode: apple.authorizationCode,
            profile: ProviderProfile(name: name, email: apple.email), nameForBackend: name)
    }

    /// Writes the first-authorization name to the cache and the backend; on a later sign-in,
    /// writes a cached name the backend never received.
    /// - Parameters:
    ///   - response: The backend's answer.
    ///   - authorization: Apple's answer.
    ///   - backend: The backend.
    /// - Returns: The user, with the name when there is one.
    /// - Throws: ``AuthError`` when the profile update proves the session over.
    public func user(
        signedIn response: BackendSignIn, authorization: IDTokenAuthorization, backend: any AuthBackend
    ) async throws(AuthError) -> AuthUser {
        try await FirstSignInProfile(backend: backend, profileCache: profileCache, logger: logger)
            .capture(name: authorization.profile.name, email: authorization.profile.email, for: response)
    }

    /// Asks Apple for the credential state (`ASAuthorizationAppleIDProvider.getCredentialState`).
    /// Revoked and not found end the session; a transferred app keeps it (the user id must be
    /// migrated). A state Apple cannot give keeps the session at launch, and ends it after Apple
    /// itself reported a revocation.
    /// - Parameters:
    ///   - subject: Apple's user id.
    ///   - occasion: Launch, or a reported revocation.
    /// - Returns: Whether the session stands.
    public func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck {
        let state: AppleIDCredentialState
        do {
            state = try await authorizer.credentialState(forUserID: subject)
        } catch {
            switch occasion {
            case .launch:
                logger.warning("could not read the Apple credential state; keeping the session", metadata: ["error": "\(error)"])
                return .stands
            case .revocationReported:
                logger.warning(
                    "Apple reported a revocation and the state cannot be read; signing out", metadata: ["error": "\(error)"])
                return .ended(.providerCredentialRevoked(.apple))
            }
        }
        switch state {
        case .authorized:
            return .stands
        case .revoked, .notFound:
            return .ended(.providerCredentialRevoked(.apple))
        case .transferred:
            logger.warning("the app was transferred to another team; the Apple user id must be migrated")
            return .stands
        }
    }

    /// Apple's revocation reports (`credentialRevokedNotification` on a device).
    /// - Returns: The authorizer's stream.
    public func credentialRevocations() -> AsyncStream<Void> { authorizer.credentialRevocations() }

    /// Re-authenticates for a fresh authorization code and revokes the user's Apple tokens with
    /// it (App Store guideline 5.1.1(v), TN3194).
    /// - Parameter reauthenticate: Signs in again with Apple.
    /// - Returns: The re-authentication.
    /// - Throws: ``AuthError``: `invalidInput` without a token revoker; Apple's errors.
    public func prepareAccountDeletion(
        reauthenticate: @Sendable () async throws(AuthError) -> AuthenticationResult
    ) async throws(AuthError) -> AuthenticationResult? {
        guard let tokenRevoker else {
            throw .invalidInput("deleting an Apple account needs an AppleTokenRevoking adapter (App Store guideline 5.1.1(v))")
        }
        let result = try await reauthenticate()
        guard let code = result.credential.authorizationCode else {
            throw .authorizationFailed("Apple returned no authorization code to revoke")
        }
        try await tokenRevoker.revokeTokens(authorizationCode: code)
        return result
    }
}

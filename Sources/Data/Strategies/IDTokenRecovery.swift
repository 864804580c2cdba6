import AuthDomain
import AuthJWT

/// Signs in with the credential a backend returned when it refused to link an identity; shared
/// by the strategies whose providers give ID tokens.
enum IDTokenRecovery {
    /// Signs in to the account that owns the identity.
    /// - Parameters:
    ///   - recovery: The backend's recovery credential.
    ///   - backend: The backend.
    /// - Returns: The result, with the token's `sub` as the provider's id for the user.
    /// - Throws: ``AuthError``.
    static func signIn(_ recovery: IDTokenCredential, backend: any AuthBackend) async throws(AuthError) -> AuthenticationResult {
        let response = try await backend.signIn(with: recovery)
        // The backend has just accepted the token, so its `sub` is the provider's user id.
        let subject = (try? CompactJWS(parsing: recovery.idToken.revealed))?.payload["sub"]?.stringValue
        return AuthenticationResult(
            user: response.user,
            credential: AuthCredential(provider: recovery.provider, providerUserID: subject, idToken: recovery.idToken),
            session: response.session, isNewUser: response.isNewUser)
    }
}

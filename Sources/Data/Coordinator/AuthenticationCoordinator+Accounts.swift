import AuthDomain
import AuthJWT
import Foundation

extension AuthenticationCoordinator {
    /// Signs in with a credential a backend returned after refusing a link.
    /// - Parameter recovery: The recovery credential.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    public func signIn(recovering recovery: IDTokenCredential) async throws -> AuthenticationResult {
        let response = try await normalizing { try await backend.signIn(with: recovery) }
        // The backend has just accepted the token, so its `sub` is the provider's user id (Apple's
        // is kept for the credential-state check at launch).
        let subject = (try? CompactJWS(parsing: recovery.idToken.revealed))?.payload["sub"]?.stringValue
        let result = AuthenticationResult(
            user: response.user, credential: AuthCredential(provider: recovery.provider, providerUserID: subject, idToken: recovery.idToken),
            session: response.session, isNewUser: response.isNewUser)
        let stored = Self.storedSession(for: result, provider: recovery.provider)
        try await sessions.adopt(stored, announcing: .signedIn(stored))
        return result
    }

    /// Removes a provider when the account keeps another way in.
    /// - Parameter provider: The provider to remove.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `notSignedIn`, `lastSignInMethod`, `invalidInput` when the provider
    ///   is not linked.
    public func unlink(_ provider: ProviderID) async throws -> AuthUser {
        let token = try await sessions.validSession().accessToken
        let user = try await normalizing { try await backend.user(accessToken: token) }
        guard user.providers.contains(provider) else { throw AuthError.invalidInput("\(provider) is not linked to this account") }
        guard user.providers.contains(where: { $0 != provider }) else { throw AuthError.lastSignInMethod(provider) }
        let updated = try await normalizing { try await backend.unlink(provider, accessToken: token) }
        await sessions.updateUser(updated)
        return updated
    }

    /// Deletes the account: an Apple user re-authenticates with Apple (a fresh authorization
    /// code, and the recent sign-in Firebase demands), the Apple tokens are revoked, the user is
    /// deleted on the backend (re-authenticating once more if it still wants a recent sign-in),
    /// then the local session and profile cache are cleared and `userDeleted` is announced.
    /// Nothing local is cleared when the backend refuses.
    /// - Throws: ``AuthError``.
    public func deleteAccount() async throws {
        guard let stored = await sessions.stored else { throw AuthError.notSignedIn }
        var token = try await sessions.validSession().accessToken
        let user = try await normalizing { try await backend.user(accessToken: token) }
        var reauthenticated = false
        if user.providers.contains(.apple) {
            guard let appleTokenRevoker else {
                throw AuthError.invalidInput("deleting an Apple account needs an AppleTokenRevoking adapter (App Store guideline 5.1.1(v))")
            }
            let result = try await reauthenticate(user, with: .apple)
            reauthenticated = true
            token = result.session.accessToken
            guard let code = result.credential.authorizationCode else {
                throw AuthError.authorizationFailed("Apple returned no authorization code to revoke")
            }
            try await normalizing { try await appleTokenRevoker.revokeTokens(authorizationCode: code) }
        }
        if let failure = await deleteOnBackend(token) {
            guard failure == .requiresRecentLogin, !reauthenticated else { throw failure }
            guard let provider = stored.provider ?? user.providers.first, provider == .apple || provider == .google else {
                throw AuthError.requiresRecentLogin
            }
            let result = try await reauthenticate(user, with: provider)
            if let retry = await deleteOnBackend(result.session.accessToken) { throw retry }
        }
        do { try await profileCache.remove(forUserID: user.id) } catch {
            logger.warning("could not clear the profile cache", metadata: ["error": "\(error)"])
        }
        await sessions.clear(reason: .accountDeleted)
    }

    /// Deletes the user on the backend; `nil` on success.
    private func deleteOnBackend(_ token: Secret) async -> AuthError? {
        do {
            try await backend.deleteAccount(accessToken: token)
            return nil
        } catch {
            return Self.normalize(error)
        }
    }

    /// Signs in again with a provider, which must land on the same account; keeps the new
    /// session.
    private func reauthenticate(_ user: AuthUser, with provider: ProviderID) async throws -> AuthenticationResult {
        let strategy = try strategy(for: provider)
        guard case .authenticated(let result) = try await normalizing({ try await strategy.signIn(with: .social(provider)) }) else {
            throw AuthError.authorizationFailed("re-authentication did not sign in")
        }
        guard result.user.id == user.id else {
            throw AuthError.invalidCredential("re-authentication signed in to another account")
        }
        try await sessions.adopt(Self.storedSession(for: result, provider: provider), announcing: .tokenRefreshed(result.session))
        return result
    }

    /// The session kept for a sign-in's result. An Apple sign-in also keeps Apple's user id, which
    /// the credential-state check at launch asks about.
    static func storedSession(for result: AuthenticationResult, provider: ProviderID) -> StoredSession {
        StoredSession(
            session: result.session, user: result.user, provider: provider,
            appleUserID: provider == .apple ? result.credential.providerUserID : nil)
    }
}

import AuthDomain
import Foundation

extension AuthenticationCoordinator {
    /// Signs in with a credential a backend returned after refusing a link, through the
    /// strategy of its provider.
    /// - Parameter recovery: The recovery credential.
    /// - Returns: The signed-in result.
    /// - Throws: ``AuthError``.
    @discardableResult
    public func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult {
        let result = try await strategy(for: recovery.provider).signIn(recovering: recovery)
        try await keep(result, provider: recovery.provider, announcing: { .signedIn($0) })
        return result
    }

    /// Removes a provider when the account keeps another way in.
    /// - Parameter provider: The provider to remove.
    /// - Returns: The updated user.
    /// - Throws: ``AuthError``: `notSignedIn`, `lastSignInMethod`, `invalidInput` when the provider
    ///   is not linked.
    @discardableResult
    public func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser {
        let token = try await sessions.validSession().accessToken
        let user = try await backend.user(accessToken: token)
        guard user.providers.contains(provider) else { throw .invalidInput("\(provider) is not linked to this account") }
        guard user.providers.contains(where: { $0 != provider }) else { throw .lastSignInMethod(provider) }
        let updated = try await backend.unlink(provider, accessToken: token)
        await sessions.updateUser(updated)
        return updated
    }

    /// Deletes the account: each of the user's providers whose strategy must act first does so
    /// (one that must revoke its tokens re-authenticates for a fresh code and revokes them), the user
    /// is deleted on the backend (re-authenticating once more if it still wants a recent sign-in),
    /// then the local session and profile cache are cleared and `userDeleted` is announced.
    /// Nothing local is cleared when the backend refuses.
    /// - Throws: ``AuthError``.
    public func deleteAccount() async throws(AuthError) {
        guard let stored = await sessions.stored else { throw .notSignedIn }
        var token = try await sessions.validSession().accessToken
        let user = try await backend.user(accessToken: token)
        var reauthenticated = false
        for provider in user.providers {
            guard let strategy = try? strategy(for: provider) else { continue }
            let reauthentication = try await strategy.prepareAccountDeletion { () async throws(AuthError) in
                try await self.reauthenticate(user, with: provider)
            }
            if let reauthentication {
                reauthenticated = true
                token = reauthentication.session.accessToken
            }
        }
        if let failure = await deleteOnBackend(token) {
            guard failure == .requiresRecentLogin, !reauthenticated else { throw failure }
            let candidates = reauthenticationCandidates([stored.provider].compactMap { $0 } + user.providers)
            guard let provider = candidates.first else { throw .requiresRecentLogin }
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
            return error
        }
    }

    /// Signs in again with a provider, which must land on the same account; keeps the new
    /// session.
    private func reauthenticate(_ user: AuthUser, with provider: ProviderID) async throws(AuthError) -> AuthenticationResult {
        guard case .authenticated(let result) = try await strategy(for: provider).signIn(with: .social(provider)) else {
            throw .authorizationFailed("re-authentication did not sign in")
        }
        guard result.user.id == user.id else {
            throw .invalidCredential("re-authentication signed in to another account")
        }
        try await keep(result, provider: provider, announcing: { .tokenRefreshed($0.session) })
        return result
    }
}

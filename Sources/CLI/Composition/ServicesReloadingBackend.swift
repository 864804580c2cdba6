import AuthData
import AuthDomain
import AuthSimulation
import Foundation
import Logging

/// The embedded backend for long-running commands (`status --watch`): each call takes the state
/// directory's lock, opens the services on its database, makes the call (its rows committed as it
/// goes) and lets go, so other `login` processes can work in between.
struct ServicesReloadingBackend: AuthBackend {
    let directory: StateDirectoryAccess
    let profile: BackendProfile
    let configuration: SimulationConfiguration
    let logger: Logger

    private func withBackend<T: Sendable>(_ body: @escaping @Sendable (any AuthBackend) async throws(AuthError) -> T)
        async throws(AuthError) -> T
    {
        let held: FileLock.Held
        do { held = try await directory.lockServices(logger: logger) } catch { throw .storage(error.message) }
        defer { held.release() }
        let embedded: EmbeddedServices
        do {
            embedded = try await EmbeddedServices.open(
                directory: SimulationStateDirectory(url: directory.url), configuration: configuration, writing: true,
                logger: logger, concurrent: false)
        } catch {
            throw .storage("\(error)")
        }
        defer { embedded.close() }
        return try await body(profile.embedded(embedded.services).backend)
    }

    func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn {
        try await withBackend { backend throws(AuthError) in try await backend.signIn(with: credential) }
    }
    func signInAnonymously() async throws(AuthError) -> BackendSignIn {
        try await withBackend { backend throws(AuthError) in try await backend.signInAnonymously() }
    }
    func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge {
        try await withBackend { backend throws(AuthError) in try await backend.sendEmailCode(to: email) }
    }
    func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn {
        try await withBackend { backend throws(AuthError) in try await backend.verifyEmailCode(code, email: email) }
    }
    func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession {
        try await withBackend { backend throws(AuthError) in try await backend.refreshSession(refreshToken: refreshToken) }
    }
    func user(accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await withBackend { backend throws(AuthError) in try await backend.user(accessToken: accessToken) }
    }
    func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await withBackend { backend throws(AuthError) in try await backend.updateProfile(update, accessToken: accessToken) }
    }
    func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn {
        try await withBackend { backend throws(AuthError) in try await backend.link(credential, accessToken: accessToken) }
    }
    func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser {
        try await withBackend { backend throws(AuthError) in try await backend.unlink(provider, accessToken: accessToken) }
    }
    func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError) {
        try await withBackend { backend throws(AuthError) in try await backend.signOut(accessToken: accessToken, scope: scope) }
    }
    func deleteAccount(accessToken: Secret) async throws(AuthError) {
        try await withBackend { backend throws(AuthError) in try await backend.deleteAccount(accessToken: accessToken) }
    }
}

import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// The embedded backend for long-running commands (`status --watch`): each call takes the state
/// directory's lock, reads the simulated world, makes the call, writes the world back and lets
/// go, so other `login` processes can work in between and nothing they did is overwritten.
struct WorldReloadingBackend: AuthBackend {
    let directory: SimulationStateDirectory
    let choice: BackendChoice
    let configuration: SimulationConfiguration

    private func withBackend<T: Sendable>(_ body: @escaping @Sendable (any AuthBackend) async throws -> T) async throws -> T {
        let (directory, choice, configuration) = (self.directory, self.choice, self.configuration)
        return try await FileLock(url: directory.url.appendingPathComponent("world.lock")).withLock {
            let world: SimulatedServices
            do {
                world = try await SimulatedServices(configuration: configuration, keys: try directory.loadOrCreateKeys(),
                                                    state: try directory.loadState(), clock: .live)
            } catch {
                throw AuthError.storage("\(error)")
            }
            let backend: any AuthBackend = choice == .supabase ? SupabaseAuthBackend(engine: world.supabase) : FirebaseAuthBackend(engine: world.firebase)
            let result: Result<T, any Error>
            do { result = .success(try await body(backend)) } catch { result = .failure(error) }
            do { try directory.saveState(await world.snapshot()) } catch { throw AuthError.storage("\(error)") }
            return try result.get()
        }
    }

    func signIn(with credential: IDTokenCredential) async throws -> BackendSignIn { try await withBackend { try await $0.signIn(with: credential) } }
    func signInAnonymously() async throws -> BackendSignIn { try await withBackend { try await $0.signInAnonymously() } }
    func sendEmailCode(to email: String) async throws -> EmailCodeChallenge { try await withBackend { try await $0.sendEmailCode(to: email) } }
    func verifyEmailCode(_ code: Secret, email: String) async throws -> BackendSignIn { try await withBackend { try await $0.verifyEmailCode(code, email: email) } }
    func refreshSession(refreshToken: Secret) async throws -> AuthSession { try await withBackend { try await $0.refreshSession(refreshToken: refreshToken) } }
    func user(accessToken: Secret) async throws -> AuthUser { try await withBackend { try await $0.user(accessToken: accessToken) } }
    func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws -> AuthUser {
        try await withBackend { try await $0.updateProfile(update, accessToken: accessToken) }
    }
    func link(_ credential: IDTokenCredential, accessToken: Secret) async throws -> BackendSignIn {
        try await withBackend { try await $0.link(credential, accessToken: accessToken) }
    }
    func unlink(_ provider: ProviderID, accessToken: Secret) async throws -> AuthUser { try await withBackend { try await $0.unlink(provider, accessToken: accessToken) } }
    func signOut(accessToken: Secret, scope: SignOutScope) async throws { try await withBackend { try await $0.signOut(accessToken: accessToken, scope: scope) } }
    func deleteAccount(accessToken: Secret) async throws { try await withBackend { try await $0.deleteAccount(accessToken: accessToken) } }
}

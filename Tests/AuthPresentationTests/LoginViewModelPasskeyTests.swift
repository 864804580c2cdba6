import AuthData
import AuthDomain
import AuthPresentation
import AuthSimulation
import AuthTestSupport
import AuthWebAuthn
import Foundation
import Logging
import Testing

/// Signing in with a passkey from the sign-in screen, like any other way in: the view model's
/// `.passkey` credential reaches ``PasskeyAuthStrategy``, which runs a real ceremony against the
/// in-process Supabase engine (GoTrue internal/api/passkey_authentication.go) with the software
/// authenticator, and the coordinator keeps the session it answers.
@MainActor
@Suite("Login view model: passkeys")
struct LoginViewModelPasskeyTests {
    private static let origin = "http://localhost:3000"

    private struct SUT {
        let model: LoginViewModel
        let coordinator: AuthenticationCoordinator
        let world: TestWorld
        let keys: InMemoryPasskeyKeyStore
        let backend: SupabaseAuthBackend
        let authenticator: SoftwarePasskeyAuthenticator
    }

    private func makeSUT() async throws -> SUT {
        var configuration = SimulationConfiguration()
        configuration.supabase.passkey = SupabasePasskeySettings(rpID: "localhost", displayName: "Test App", origins: [Self.origin])
        let world = try await TestWorld.make(configuration: configuration)
        let backend = SupabaseAuthBackend(engine: world.services.supabase)
        let keys = InMemoryPasskeyKeyStore()
        let authenticator = SoftwarePasskeyAuthenticator(store: keys, origin: Self.origin, attestation: .none, options: .standard)
        let logger = Logger(label: "test")
        let sessions = SessionManager(
            backend: backend, store: InMemorySessionStore(), clock: world.clock.clock, policy: .supabase, logger: logger)
        let coordinator = AuthenticationCoordinator(
            backend: backend, sessions: sessions, profileCache: InMemoryProfileCache(), logger: logger)
        await coordinator.register(PasskeyAuthStrategy(backend: backend, authenticator: authenticator))
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: InMemoryProfileCache()), membership: nil)
        let login = LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: false)
        return SUT(
            model: LoginViewModel(login: login), coordinator: coordinator, world: world, keys: keys, backend: backend,
            authenticator: authenticator)
    }

    @Test("a passkey registered earlier signs in from the screen: .success, and the coordinator holds the passkey session")
    func signsIn() async throws {
        let sut = try await makeSUT()
        let account = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        _ = try await PasskeyUseCase(backend: sut.backend, authenticator: sut.authenticator)
            .register(for: account.user, session: account.session, name: "Laptop")

        await sut.model.signIn(with: .passkey)
        guard case .success = sut.model.state else {
            Issue.record("expected .success, got \(sut.model.state)")
            return
        }
        #expect(sut.model.lastResult?.credential.provider == .passkey)
        #expect(await sut.coordinator.currentUser()?.id == account.user.id)
        #expect(await sut.coordinator.currentSession()?.provider == .passkey)
    }

    @Test("with no passkey the authenticator cancels: back to .idle, no message")
    func cancelled() async throws {
        let sut = try await makeSUT()
        await sut.model.signIn(with: .passkey)
        #expect(sut.model.state == .idle)
        #expect(await sut.coordinator.currentUser() == nil)
    }

    @Test("a deleted passkey is refused by the service: an error message, nobody signed in")
    func refused() async throws {
        let sut = try await makeSUT()
        let account = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        let passkeys = PasskeyUseCase(backend: sut.backend, authenticator: sut.authenticator)
        let passkey = try await passkeys.register(for: account.user, session: account.session, name: nil)
        try await passkeys.delete(id: passkey.id, session: account.session)

        await sut.model.signIn(with: .passkey)
        guard case .error = sut.model.state else {
            Issue.record("expected .error, got \(sut.model.state)")
            return
        }
        #expect(await sut.coordinator.currentUser() == nil)
    }
}

import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// Apple's advice for Sign in with Apple: check the credential state at launch, and sign out
/// when `ASAuthorizationAppleIDProvider.credentialRevokedNotification` arrives while the app runs.
/// The Apple strategy's hooks decide; the coordinator asks them.
@Suite("Apple credential revocation")
struct AppleCredentialRevocationTests {
    private struct SUT {
        let coordinator: AuthenticationCoordinator
        let apple: StubAppleAuthorizer
        let store: InMemorySessionStore
    }

    private func makeSUT(signedIn stored: StoredSession?) async -> SUT {
        let backend = StubBackend()
        let store = InMemorySessionStore(initial: stored)
        let apple = StubAppleAuthorizer(result: .success(StubAppleAuthorizer.firstTime))
        let sessions = SessionManager(
            backend: backend, store: store, clock: TestClock().clock, policy: .supabase, logger: Logger(label: "test"))
        let coordinator = AuthenticationCoordinator(
            backend: backend, sessions: sessions, profileCache: InMemoryProfileCache(), logger: Logger(label: "test"))
        await coordinator.register(
            AppleAuthStrategy(
                authorizer: apple, backend: backend, nonces: NonceGenerator(source: .live), profileCache: InMemoryProfileCache(),
                tokenRevoker: nil, logger: Logger(label: "test")))
        return SUT(coordinator: coordinator, apple: apple, store: store)
    }

    private static let appleSession = SessionFixtures.stored(suffix: "1", provider: .apple, subjects: [.apple: "001234.abc"])

    private static func googleSession() -> StoredSession {
        var stored = SessionFixtures.stored(suffix: "2", provider: .google)
        stored.user.providers = [.google]
        return stored
    }

    @Test("a revocation reported while the app runs signs the Apple user out")
    func revocationWhileRunning() async throws {
        let sut = await makeSUT(signedIn: Self.appleSession)
        var events = sut.coordinator.authStateChanges.makeAsyncIterator()
        #expect(await sut.coordinator.start() != nil)
        guard case .initialSession(_?)? = await events.next() else {
            Issue.record("initialSession must come first")
            return
        }
        await sut.apple.setState(.revoked)
        sut.apple.reportRevocation()
        #expect(await events.next() == .signedOut(.providerCredentialRevoked(.apple)))
        #expect(try await sut.store.load() == nil)
    }

    @Test("a report Apple does not confirm (the state is still authorized) keeps the session")
    func unconfirmedReport() async throws {
        let sut = await makeSUT(signedIn: Self.appleSession)
        await sut.coordinator.start()
        let atLaunch = await sut.apple.stateQueries
        sut.apple.reportRevocation()
        sut.apple.reportRevocation()
        // Reports are handled in order, so once the second was asked about, the first is done.
        #expect(await poll { await sut.apple.stateQueries == atLaunch + 2 })
        #expect(try await sut.store.load() == Self.appleSession)
        await sut.apple.setState(.revoked)
        sut.apple.reportRevocation()
        #expect(await poll { (try? await sut.store.load()) == nil })
    }

    @Test("after a reported revocation, a state Apple cannot give signs out; at launch it keeps the session")
    func unreadableState() async throws {
        let sut = await makeSUT(signedIn: Self.appleSession)
        await sut.apple.setStateFails(true)
        #expect(await sut.coordinator.start() != nil)
        #expect(try await sut.store.load() == Self.appleSession)
        var events = sut.coordinator.authStateChanges.makeAsyncIterator()
        _ = await events.next()
        sut.apple.reportRevocation()
        #expect(await events.next() == .signedOut(.providerCredentialRevoked(.apple)))
    }

    @Test("a user signed in with another provider is never asked about, at launch or on a report")
    func otherProvider() async throws {
        let sut = await makeSUT(signedIn: Self.googleSession())
        await sut.apple.setState(.revoked)
        #expect(await sut.coordinator.start() != nil)
        sut.apple.reportRevocation()
        sut.apple.reportRevocation()
        #expect(await sut.apple.stateQueries == 0)
        #expect(try await sut.store.load() == Self.googleSession())
    }

    @Test(
        "launch: revoked and not-found sign out; authorized and transferred keep the session",
        arguments: [(AppleIDCredentialState.revoked, false), (.notFound, false), (.authorized, true), (.transferred, true)])
    func launchCheck(state: AppleIDCredentialState, keeps: Bool) async throws {
        let sut = await makeSUT(signedIn: Self.appleSession)
        await sut.apple.setState(state)
        #expect((await sut.coordinator.start() != nil) == keeps)
        #expect((try await sut.store.load() != nil) == keeps)
    }
}

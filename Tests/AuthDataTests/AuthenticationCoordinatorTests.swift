import AuthData
import AuthDomain
import AuthTestSupport
import Logging
import Testing

@Suite("Authentication coordinator")
struct AuthenticationCoordinatorTests {
    private struct SUT {
        let coordinator: AuthenticationCoordinator
        let backend: StubBackend
        let store: InMemorySessionStore
        let clock: TestClock
    }

    private func makeSUT() -> SUT {
        let backend = StubBackend()
        let store = InMemorySessionStore()
        let clock = TestClock()
        let sessions = SessionManager(backend: backend, store: store, clock: clock.clock, policy: .supabase, logger: Logger(label: "test"))
        let coordinator = AuthenticationCoordinator(
            backend: backend, sessions: sessions, profileCache: InMemoryProfileCache(), logger: Logger(label: "test"))
        return SUT(coordinator: coordinator, backend: backend, store: store, clock: clock)
    }

    /// A strategy that records which credentials reached it.
    private actor RecordingStrategy: SocialAuthStrategyProviding {
        nonisolated let provider: ProviderID
        let tag: String
        private(set) var received: [LoginCredential] = []

        init(provider: ProviderID, tag: String) {
            self.provider = provider
            self.tag = tag
        }

        func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
            received.append(credential)
            var user = StubBackend.sampleUser
            user.displayName = tag
            return .authenticated(
                AuthenticationResult(
                    user: user, credential: AuthCredential(provider: provider, providerUserID: "apple-user"),
                    session: StubBackend.session(for: user.id), isNewUser: true))
        }
    }

    @Test("each credential reaches the strategy registered for its provider")
    func routing() async throws {
        let sut = makeSUT()
        let apple = RecordingStrategy(provider: .apple, tag: "apple")
        let guest = RecordingStrategy(provider: .anonymous, tag: "guest")
        let email = RecordingStrategy(provider: .emailCode, tag: "email")
        for strategy in [apple, guest, email] as [any SocialAuthStrategyProviding] { await sut.coordinator.register(strategy) }
        _ = try await sut.coordinator.signIn(with: .social(.apple))
        _ = try await sut.coordinator.signIn(with: .anonymous)
        _ = try await sut.coordinator.signIn(with: .emailCode(email: "a@b.co", code: "1"))
        #expect(await apple.received == [.social(.apple)])
        #expect(await guest.received == [.anonymous])
        #expect(await email.received == [.emailCode(email: "a@b.co", code: "1")])
    }

    @Test("an unregistered provider is a typed error")
    func unknownProvider() async {
        let sut = makeSUT()
        await #expect(throws: AuthError.noStrategyRegistered(.google)) { try await sut.coordinator.signIn(with: .social(.google)) }
    }

    @Test("registering a second strategy for a provider replaces the first")
    func replacement() async throws {
        let sut = makeSUT()
        let first = RecordingStrategy(provider: .apple, tag: "first")
        let second = RecordingStrategy(provider: .apple, tag: "second")
        await sut.coordinator.register(first)
        await sut.coordinator.register(second)
        guard case .authenticated(let result) = try await sut.coordinator.signIn(with: .social(.apple)) else {
            Issue.record("no sign-in")
            return
        }
        #expect(result.user.displayName == "second")
        #expect(await first.received.isEmpty)
    }

    @Test("a sign-in is stored and announced after the initial session; sign-out clears and announces")
    func events() async throws {
        let sut = makeSUT()
        await sut.coordinator.register(RecordingStrategy(provider: .apple, tag: "apple"))
        var events = sut.coordinator.authStateChanges.makeAsyncIterator()
        await sut.coordinator.start()
        #expect(await events.next() == .initialSession(nil))

        _ = try await sut.coordinator.signIn(with: .social(.apple))
        guard case .signedIn(let stored)? = await events.next() else {
            Issue.record("no signedIn")
            return
        }
        #expect(stored.providerSubjects[.apple] == "apple-user")
        #expect(try await sut.store.load() == stored)
        #expect(await sut.coordinator.currentUser()?.id == "user-1")

        try await sut.coordinator.signOut(scope: .local)
        #expect(await events.next() == .signedOut(.userRequested))
        #expect(try await sut.store.load() == nil)
        #expect(await sut.backend.calls.contains(.signOut(.local)))
    }

    @Test("a local sign-out clears the session even when the backend is unreachable")
    func localSignOutOffline() async throws {
        let sut = makeSUT()
        await sut.coordinator.register(RecordingStrategy(provider: .apple, tag: "apple"))
        _ = try await sut.coordinator.signIn(with: .social(.apple))
        await sut.backend.setSignOutError(.network("offline"))
        try await sut.coordinator.signOut(scope: .local)
        #expect(try await sut.store.load() == nil)
    }

    @Test("a global sign-out that cannot reach the backend clears locally and reports it")
    func globalSignOutOffline() async throws {
        let sut = makeSUT()
        await sut.coordinator.register(RecordingStrategy(provider: .apple, tag: "apple"))
        _ = try await sut.coordinator.signIn(with: .social(.apple))
        await sut.backend.setSignOutError(.network("offline"))
        await #expect(throws: AuthError.network("offline")) { try await sut.coordinator.signOut(scope: .global) }
        #expect(try await sut.store.load() == nil)
    }

    @Test("a late subscriber's first event is the current session")
    func lateSubscriber() async throws {
        let sut = makeSUT()
        await sut.coordinator.register(RecordingStrategy(provider: .apple, tag: "apple"))
        await sut.coordinator.start()
        _ = try await sut.coordinator.signIn(with: .social(.apple))
        var events = sut.coordinator.authStateChanges.makeAsyncIterator()
        guard case .initialSession(let initial?)? = await events.next() else {
            Issue.record("no initial session")
            return
        }
        #expect(initial.stored.user.id == "user-1")
        #expect(!initial.isExpired)
    }
}

import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// Restoring at start, the initial-session event, and handing out valid tokens on demand.
@Suite("Session manager: restore and valid tokens", .timeLimit(.minutes(5)))
struct SessionManagerTests {
    @Test("the stored session is announced first, marked expired, and then refreshed")
    func initialSessionExpired() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let process = sut.makeManager(store: InMemorySessionStore(initial: stored))

        let restored = await process.manager.restore()
        let fresh = try await process.manager.validSession()

        #expect(restored == InitialSession(stored: stored, isExpired: true))
        #expect(fresh.expiresAt > sut.clock.now)
        #expect(
            await process.recordedEvents() == [
                .initialSession(InitialSession(stored: stored, isExpired: true)), .tokenRefreshed(fresh),
            ])
    }

    @Test("a fresh stored session is announced as fresh and handed out without a refresh")
    func initialSessionFresh() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        let process = sut.makeManager(store: InMemorySessionStore(initial: stored))

        #expect(try await process.manager.validSession() == stored.session)
        #expect(sut.backend.refreshCount == 0)
        #expect(await process.recordedEvents() == [.initialSession(InitialSession(stored: stored, isExpired: false))])
    }

    @Test("with nothing stored, the initial session is nil and asking for a token is notSignedIn")
    func initialSessionNone() async throws {
        let sut = try await SessionHarness.make()
        let process = sut.makeManager(store: InMemorySessionStore())
        await #expect(throws: AuthError.notSignedIn) { try await process.manager.validSession() }
        #expect(await process.recordedEvents() == [.initialSession(nil)])
    }

    @Test("a late subscriber first receives the session as it is now")
    func lateSubscriber() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let process = sut.makeManager(store: InMemorySessionStore(initial: stored))
        let fresh = try await process.manager.validSession()

        var late = process.manager.events.makeAsyncIterator()
        let first = await late.next()
        var expected = stored
        expected.session = fresh
        #expect(first == .initialSession(InitialSession(stored: expected, isExpired: false)))
    }

    @Test("a sign-in racing the launch-time read is announced after initialSession and is kept")
    func signInDuringRestore() async throws {
        let sut = try await SessionHarness.make()
        let old = try await sut.signInGuest()
        let new = try await sut.signInWithApple()
        let store = SpySessionStore(wrapping: InMemorySessionStore(initial: old))
        store.loadGate.close()
        let process = sut.makeManager(store: store)
        let manager = process.manager

        let launch = Task { await manager.restore() }
        await store.loadGate.waitForWaiter()
        let signIn = Task { try await manager.adopt(new, announcing: .signedIn(new)) }
        for _ in 0..<50 { await Task.yield() }
        store.loadGate.open()
        _ = await launch.value
        try await signIn.value

        let events = await process.recordedEvents()
        #expect(events.first == .initialSession(InitialSession(stored: old, isExpired: false)))
        #expect(events.dropFirst().first == .signedIn(new))
        #expect(events.count == 2)
        #expect(await manager.stored == new)
        #expect(try await store.load() == new)
    }

    @Test("a corrupt session file means signed out, with a warning, and the file is left for the next sign-in")
    func corruptFile() async throws {
        let sut = try await SessionHarness.make()
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("session.json")
        try Data("{\"version\":1,\"stored\":{\"sess".utf8).write(to: url)
        let process = sut.makeManager(store: sut.fileStore(url))

        let restored = await process.manager.restore()
        await #expect(throws: AuthError.notSignedIn) { try await process.manager.validSession() }

        #expect(restored == nil)
        #expect(sut.log.warnings.contains { $0.message.contains("corrupt") })
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(await process.recordedEvents() == [.initialSession(nil)])
        #expect(sut.backend.refreshCount == 0)
    }

    @Test("a token is refreshed only when it expires within the margin", arguments: EngineFlavor.allCases)
    func refreshMargin(flavor: EngineFlavor) async throws {
        let sut = try await SessionHarness.make(flavor)
        let stored = try await sut.signInGuest()
        let process = sut.makeManager(store: InMemorySessionStore(initial: stored))
        let margin = sut.policy.margin
        let untilMargin = stored.session.expiresAt.timeIntervalSince(sut.clock.now) - margin

        sut.clock.advance(by: untilMargin - 1)
        #expect(try await process.manager.validSession() == stored.session)
        #expect(sut.backend.refreshCount == 0)

        sut.clock.advance(by: 2)
        let fresh = try await process.manager.validSession()
        #expect(sut.backend.refreshCount == 1)
        #expect(fresh.accessToken != stored.session.accessToken)
        #expect(fresh.userID == stored.user.id)
        #expect(try await process.manager.validSession() == fresh, "the fresh token is reused")
        #expect(sut.backend.refreshCount == 1)
    }

    @Test("the refreshed session is persisted and tokenRefreshed announced")
    func persistedAndAnnounced() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let store = SpySessionStore(wrapping: InMemorySessionStore(initial: stored))
        let process = sut.makeManager(store: store)

        let fresh = try await process.manager.refresh()

        var expected = stored
        expected.session = fresh
        #expect(store.operations.contains(.save(expected)))
        #expect(try await store.load() == expected)
        #expect(await process.recordedEvents().last == .tokenRefreshed(fresh))
    }
}

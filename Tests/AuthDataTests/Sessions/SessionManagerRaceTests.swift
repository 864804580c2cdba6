import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// A sign-out or a sign-in that happens while a refresh is on the wire: the refresh's late
/// answer must not bring the old session back.
@Suite("Session manager: changes during a refresh", .timeLimit(.minutes(5)))
struct SessionManagerRaceTests {
    private struct SUT {
        let harness: SessionHarness
        let stored: StoredSession
        let store: InMemorySessionStore
        let process: ManagedSession
        var manager: SessionManager { process.manager }
        var gate: TestGate { harness.backend.refreshGate }
    }

    /// A manager whose refresh of an expired session is held on the wire.
    private func makeSUT() async throws -> (SUT, Task<AuthSession, any Error>) {
        let harness = try await SessionHarness.make(.supabase)
        let stored = try await harness.signInGuest()
        harness.clock.advance(by: 3700)
        let store = InMemorySessionStore(initial: stored)
        let process = harness.makeManager(store: store)
        let sut = SUT(harness: harness, stored: stored, store: store, process: process)
        sut.gate.close()
        let manager = process.manager
        let refresh = Task { try await manager.validSession() }
        await sut.gate.waitForWaiter()
        return (sut, refresh)
    }

    @Test("signing out while a refresh is in flight stays signed out")
    func signOutDuringRefresh() async throws {
        let (sut, refresh) = try await makeSUT()
        let manager = sut.manager

        let signOut = Task { await manager.clear(reason: .userRequested) }
        for _ in 0..<50 { await Task.yield() }
        sut.gate.open()
        _ = try? await refresh.value
        await signOut.value

        #expect(await manager.stored == nil)
        #expect(try await sut.store.load() == nil)
        #expect(await sut.process.recordedEvents().last == .signedOut(.userRequested))
    }

    @Test("signing in as someone else while a refresh is in flight keeps the new user")
    func signInDuringRefresh() async throws {
        let (sut, refresh) = try await makeSUT()
        let manager = sut.manager
        let other = try await sut.harness.signInWithApple()

        let signIn = Task { try await manager.adopt(other, announcing: .signedIn(other)) }
        for _ in 0..<50 { await Task.yield() }
        sut.gate.open()
        _ = try? await refresh.value
        try await signIn.value

        #expect(await manager.stored == other)
        #expect(try await sut.store.load() == other)
        #expect(await sut.process.recordedEvents().last == .signedIn(other))
    }

    @Test("a refresh that starts while a sign-in is being saved does not bring the old session back")
    func refreshDuringSignInSave() async throws {
        let harness = try await SessionHarness.make(.supabase)
        let stored = try await harness.signInGuest()
        harness.clock.advance(by: 3700)
        let store = SpySessionStore(wrapping: InMemorySessionStore(initial: stored))
        let process = harness.makeManager(store: store)
        let manager = process.manager
        await manager.restore()
        let other = try await harness.signInWithApple()

        store.saveGate.close()
        harness.backend.refreshGate.close()
        let signIn = Task { try await manager.adopt(other, announcing: .signedIn(other)) }
        await store.saveGate.waitForWaiter()
        let refresh = Task { try await manager.refresh() }
        for _ in 0..<50 { await Task.yield() }
        store.saveGate.open()
        try await signIn.value
        harness.backend.refreshGate.open()
        _ = try? await refresh.value

        #expect(await manager.stored == other)
        #expect(try await store.load() == other)
        #expect(await process.recordedEvents().last == .signedIn(other))
    }
}

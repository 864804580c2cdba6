import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// Single-flight refresh: many callers in one process, and two processes sharing one file.
@Suite("Session manager: single-flight refresh", .timeLimit(.minutes(5)))
struct SessionManagerConcurrencyTests {
    @Test("1,000 concurrent token requests on an expired session send one refresh request", arguments: EngineFlavor.allCases)
    func thousandCallers(flavor: EngineFlavor) async throws {
        let sut = try await SessionHarness.make(flavor)
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let store = SpySessionStore(wrapping: InMemorySessionStore(initial: stored))
        let process = sut.makeManager(store: store)
        let manager = process.manager

        let sessions = try await withThrowingTaskGroup(of: AuthSession.self) { group in
            for _ in 0..<1000 { group.addTask { try await manager.validSession() } }
            return try await group.reduce(into: [AuthSession]()) { $0.append($1) }
        }

        #expect(sut.backend.refreshCount == 1)
        // One read at launch and one under the lock by the single refresh: callers that queued on
        // the store's lock and adopted its result instead would each read it again.
        #expect(store.operations.filter { $0 == .load }.count == 2)
        #expect(sessions.count == 1000)
        #expect(Set(sessions).count == 1, "every caller gets the one refreshed session")
        let fresh = try #require(sessions.first)
        #expect(fresh.expiresAt > sut.clock.now)
        #expect(fresh != stored.session)
        if flavor.rotatesRefreshTokens { #expect(await sut.issuedRefreshTokens(userID: stored.user.id) == 2, "one rotation on the engine") }
        #expect(await process.recordedEvents().tokenRefreshes == [.tokenRefreshed(fresh)])
    }

    @Test("two processes sharing one session file refresh at once: both signed in, one refresh, no reuse", arguments: EngineFlavor.allCases)
    func twoProcesses(flavor: EngineFlavor) async throws {
        let sut = try await SessionHarness.make(flavor)
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("session.json")
        let stored = try await sut.signInGuest()
        try await sut.fileStore(url).save(stored)
        sut.clock.advance(by: 3700)
        let first = sut.makeManager(store: sut.fileStore(url))
        let second = sut.makeManager(store: sut.fileStore(url))
        await first.manager.restore()
        await second.manager.restore()

        async let a = first.manager.validSession()
        async let b = second.manager.validSession()
        let (sessionA, sessionB) = try await (a, b)

        #expect(sessionA == sessionB, "both processes end with the same session")
        #expect(sessionA.expiresAt > sut.clock.now)
        #expect(sut.backend.refreshCount == 1, "the second process adopted the rotated token instead of spending the old one")
        #expect(sut.backend.spentRefreshTokens == [stored.session.refreshToken])
        #expect(try await sut.fileStore(url).load()?.session == sessionA)
        if flavor.rotatesRefreshTokens {
            #expect(await sut.issuedRefreshTokens(userID: stored.user.id) == 2)
            #expect(await sut.activeRefreshToken(userID: stored.user.id) == sessionA.refreshToken.revealed)
        }
        for process in [first, second] {
            let events = await process.recordedEvents()
            #expect(!events.hasSignedOut)
            #expect(events.last == .tokenRefreshed(sessionA))
        }
        #expect(
            try await sut.backend.refreshSession(refreshToken: sessionA.refreshToken).userID == stored.user.id,
            "the shared token is still good")
    }

    @Test("a process whose copy is stale adopts the session another process rotated, without a request")
    func staleProcessAdopts() async throws {
        let sut = try await SessionHarness.make(.supabase)
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("session.json")
        let stored = try await sut.signInGuest()
        try await sut.fileStore(url).save(stored)
        sut.clock.advance(by: 3700)
        let first = sut.makeManager(store: sut.fileStore(url))
        let second = sut.makeManager(store: sut.fileStore(url))
        await second.manager.restore()

        let rotated = try await first.manager.validSession()
        sut.clock.advance(by: 60)
        let adopted = try await second.manager.validSession()

        #expect(adopted == rotated)
        #expect(sut.backend.refreshCount == 1)
        #expect(await second.manager.stored?.session == rotated)
    }
}

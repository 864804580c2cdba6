import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// How refresh failures are classified: transient ones keep the session, definitive ones end it.
@Suite("Session manager: refresh failures", .timeLimit(.minutes(5)))
struct SessionManagerFailureTests {
    @Test("offline during refresh: the session is kept, then refreshed once the network returns", arguments: EngineFlavor.allCases)
    func offline(flavor: EngineFlavor) async throws {
        let sut = try await SessionHarness.make(flavor)
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let store = InMemorySessionStore(initial: stored)
        let process = sut.makeManager(store: store)
        sut.backend.failNextRefreshes(2, with: AuthError.network("offline"))

        for _ in 0..<2 {
            await #expect(throws: AuthError.network("offline")) { try await process.manager.validSession() }
            #expect(await process.manager.stored == stored)
            #expect(try await store.load() == stored)
        }
        sut.clock.advance(by: 30)
        let fresh = try await process.manager.validSession()

        #expect(sut.backend.refreshCount == 3)
        #expect(sut.backend.spentRefreshTokens == Array(repeating: stored.session.refreshToken, count: 3))
        #expect(fresh.expiresAt > sut.clock.now)
        #expect(try await store.load()?.session == fresh)
        #expect(
            await process.recordedEvents() == [.initialSession(InitialSession(stored: stored, isExpired: true)), .tokenRefreshed(fresh)])
    }

    @Test("a transient failure before expiry hands out the current, still valid token")
    func transientBeforeExpiry() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3590)
        let process = sut.makeManager(store: InMemorySessionStore(initial: stored))
        sut.backend.failNextRefreshes(1, with: AuthError.network("timeout"))

        #expect(try await process.manager.validSession() == stored.session)
        #expect(sut.backend.refreshCount == 1)
        #expect(!(await process.recordedEvents()).hasSignedOut)
    }

    @Test("transient failures keep the session and are retried", arguments: TransientFailure.allCases)
    func transient(failure: TransientFailure) async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let store = InMemorySessionStore(initial: stored)
        let process = sut.makeManager(store: store)
        sut.backend.failNextRefreshes(1, with: failure.error)

        await #expect {
            try await process.manager.validSession()
        } throws: { error in
            (error as? AuthError).map { $0.isTransient && !$0.endsSession } ?? false
        }
        #expect(await process.manager.stored == stored)
        #expect(try await store.load() == stored)

        let fresh = try await process.manager.validSession()
        #expect(fresh.expiresAt > sut.clock.now)
        #expect(!(await process.recordedEvents()).hasSignedOut)
    }

    @Test("definitive failures clear the session and announce signedOut once", arguments: DefinitiveFailure.allCases)
    func definitive(failure: DefinitiveFailure) async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        sut.clock.advance(by: 3700)
        let store = InMemorySessionStore(initial: stored)
        let process = sut.makeManager(store: store)
        let manager = process.manager
        sut.backend.failNextRefreshes(1, with: failure.error)

        let outcomes = await withTaskGroup(of: AuthError?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do {
                        _ = try await manager.validSession()
                        return nil
                    } catch { return error as? AuthError }
                }
            }
            return await group.reduce(into: [AuthError?]()) { $0.append($1) }
        }

        #expect(outcomes.allSatisfy { $0 == failure.error || $0 == .notSignedIn }, "\(outcomes)")
        #expect(outcomes.contains(failure.error))
        #expect(sut.backend.refreshCount == 1)
        #expect(await manager.stored == nil)
        #expect(try await store.load() == nil)
        let events = await process.recordedEvents()
        #expect(events == [.initialSession(InitialSession(stored: stored, isExpired: true)), .signedOut(.sessionEnded(failure.error))])
    }

    @Test("a reused refresh token revokes the family: signed out with refresh_token_already_used")
    func revokedFamily() async throws {
        let sut = try await SessionHarness.make(.supabase)
        let stored = try await sut.signInGuest()
        let store = InMemorySessionStore(initial: stored)
        let process = sut.makeManager(store: store)
        let stolen = try await sut.backend.refreshSession(refreshToken: stored.session.refreshToken)
        let active = try await sut.backend.refreshSession(refreshToken: stolen.refreshToken)
        sut.clock.advance(by: 3700)

        await #expect(throws: AuthError.sessionExpired("refresh_token_already_used")) { try await process.manager.validSession() }

        #expect(await process.manager.stored == nil)
        #expect(try await store.load() == nil)
        #expect(await process.recordedEvents().last == .signedOut(.sessionEnded(.sessionExpired("refresh_token_already_used"))))
        // GoTrue (tokens/service.go, models/refresh_token.go RevokeTokenFamily) revokes every token
        // of the session and keeps the session; past the reuse interval they are all refused.
        sut.clock.advance(by: 11)
        await #expect(throws: AuthError.sessionExpired("refresh_token_already_used"), "the whole family is revoked") {
            try await sut.backend.refreshSession(refreshToken: active.refreshToken)
        }
    }

    @Test("a process killed between receiving a rotated token and storing it loses nothing")
    func crashBeforeStoring() async throws {
        let sut = try await SessionHarness.make(.supabase)
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("session.json")
        let stored = try await sut.signInGuest()
        try await sut.fileStore(url).save(stored)
        sut.clock.advance(by: 3700)
        let dying = SpySessionStore(wrapping: sut.fileStore(url))
        dying.failNextSave()
        let first = sut.makeManager(store: dying)

        await #expect(throws: AuthError.storage("simulated crash before the write")) { try await first.manager.validSession() }
        let lost = try #require(sut.backend.deliveredSessions.first)
        #expect(try await sut.fileStore(url).load() == stored, "the old session is still on disk")
        #expect(!(await first.recordedEvents()).hasTokenRefreshed, "nothing is announced before it is stored")

        sut.clock.advance(by: 3600)
        let relaunched = sut.makeManager(store: sut.fileStore(url))
        let recovered = try await relaunched.manager.validSession()

        #expect(recovered.refreshToken == lost.refreshToken, "the server hands back the rotated token the crash lost")
        #expect(await sut.issuedRefreshTokens(userID: stored.user.id) == 2, "no second rotation, no fork")
        #expect(try await sut.fileStore(url).load()?.session == recovered)
        #expect(!(await relaunched.recordedEvents()).hasSignedOut)
        let next = try await relaunched.manager.refresh()
        #expect(next.refreshToken != recovered.refreshToken, "rotation continues from the recovered token")
    }
}

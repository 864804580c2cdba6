import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// The auto-refresh loop, driven by the test clock: refreshes at the lead time, backs off on
/// transient failures, stops when the backend ends the session, resumes after a new sign-in.
@Suite("Session manager: auto-refresh", .timeLimit(.minutes(5)))
struct SessionManagerAutoRefreshTests {
    private struct SUT {
        let harness: SessionHarness
        let stored: StoredSession
        let store: InMemorySessionStore
        let process: ManagedSession
        var clock: TestClock { harness.clock }
        var backend: CountingBackend { harness.backend }
        var manager: SessionManager { process.manager }
        var lead: TimeInterval { harness.policy.autoRefreshLead }
    }

    private func makeSUT(_ flavor: EngineFlavor = .supabase) async throws -> SUT {
        let harness = try await SessionHarness.make(flavor)
        let stored = try await harness.signInGuest()
        let store = InMemorySessionStore(initial: stored)
        let process = harness.makeManager(store: store)
        await process.manager.restore()
        return SUT(harness: harness, stored: stored, store: store, process: process)
    }

    @Test("refreshes exactly at the lead time before expiry, then schedules the next one", arguments: EngineFlavor.allCases)
    func refreshesAtLeadTime(flavor: EngineFlavor) async throws {
        let sut = try await makeSUT(flavor)
        let due = sut.stored.session.expiresAt.addingTimeInterval(-sut.lead)

        await sut.manager.startAutoRefresh()
        await sut.clock.waitForSleepers(1)
        #expect(sut.clock.deadlines == [due])

        sut.clock.advance(by: due.timeIntervalSince(sut.clock.now) - 1)
        #expect(sut.clock.sleeperCount == 1, "nothing wakes before the lead time")
        #expect(sut.backend.refreshCount == 0)

        sut.clock.advance(by: 1)
        await sut.clock.waitForSleepers(1)

        #expect(sut.backend.refreshCount == 1)
        let fresh = try #require(await sut.manager.stored?.session)
        #expect(fresh != sut.stored.session)
        #expect(try await sut.store.load()?.session == fresh)
        #expect(sut.clock.deadlines == [fresh.expiresAt.addingTimeInterval(-sut.lead)])
        await sut.manager.stopAutoRefresh()
        #expect(await sut.process.recordedEvents().tokenRefreshes == [.tokenRefreshed(fresh)])
    }

    @Test("an expiry that is not a number counts as expiring; other expiries are unchanged")
    func notANumberExpires() {
        let now = Date(timeIntervalSince1970: 1_000)
        func session(expiringAt seconds: TimeInterval) -> AuthSession {
            AuthSession(accessToken: "access", refreshToken: "refresh", expiresAt: Date(timeIntervalSince1970: seconds), userID: "user")
        }
        #expect(session(expiringAt: .nan).expires(within: 30, of: now))
        #expect(session(expiringAt: 1_029).expires(within: 30, of: now))
        #expect(!session(expiringAt: 1_030).expires(within: 30, of: now))
    }

    @Test("an expiry that is not a number is refreshed once at start, not spun on")
    func notANumberExpiry() async throws {
        let harness = try await SessionHarness.make(.supabase)
        var stored = try await harness.signInGuest()
        stored.session.expiresAt = Date(timeIntervalSince1970: .nan)
        let process = harness.makeManager(store: InMemorySessionStore(initial: stored))
        await process.manager.restore()
        #expect(harness.backend.refreshCount == 0)

        await process.manager.startAutoRefresh()
        await harness.clock.waitForSleepers(1)

        #expect(harness.backend.refreshCount == 1)
        let fresh = try #require(await process.manager.stored?.session)
        #expect(fresh.expiresAt.timeIntervalSince1970.isFinite)
        #expect(harness.clock.deadlines == [fresh.expiresAt.addingTimeInterval(-harness.policy.autoRefreshLead)])
        await process.manager.stopAutoRefresh()
    }

    @Test("transient failures back off, doubling, keep the session, and succeed when the network returns")
    func backoff() async throws {
        let sut = try await makeSUT()
        let policy = sut.harness.policy
        sut.backend.failNextRefreshes(3, with: AuthError.network("offline"))

        await sut.manager.startAutoRefresh()
        await sut.clock.waitForSleepers(1)
        sut.clock.advance(by: sut.clock.deadlines[0].timeIntervalSince(sut.clock.now))
        for failure in 1...3 {
            await sut.clock.waitForSleepers(1)
            #expect(sut.backend.refreshCount == failure)
            let delay = try #require(sut.clock.deadlines.first).timeIntervalSince(sut.clock.now)
            #expect(delay == policy.initialBackoff * pow(2, Double(failure - 1)), "retry \(failure) waits \(delay) s")
            #expect(await sut.manager.stored == sut.stored)
            #expect(try await sut.store.load() == sut.stored)
            sut.clock.advance(by: delay)
        }
        await sut.clock.waitForSleepers(1)

        #expect(sut.backend.refreshCount == 4)
        let fresh = try #require(await sut.manager.stored?.session)
        #expect(fresh.expiresAt > sut.stored.session.expiresAt)
        #expect(sut.clock.deadlines == [fresh.expiresAt.addingTimeInterval(-sut.lead)], "back to the normal schedule")
        #expect(sut.harness.log.warnings.filter { $0.message.contains("auto-refresh failed") }.count == 3, "no failure is silent")
        await sut.manager.stopAutoRefresh()
        let events = await sut.process.recordedEvents()
        #expect(events == [.initialSession(InitialSession(stored: sut.stored, isExpired: false)), .tokenRefreshed(fresh)])
    }

    @Test("the backoff doubles up to its maximum")
    func backoffSchedule() {
        #expect((1...8).map(RefreshPolicy.supabase.backoff(afterFailures:)) == [1, 2, 4, 8, 16, 32, 60, 60])
        #expect((1...6).map(RefreshPolicy.firebase.backoff(afterFailures:)) == [60, 120, 240, 480, 960, 960])
    }

    @Test("a definitive failure stops the loop with one signedOut; a new sign-in resumes it")
    func stopsAndResumes() async throws {
        let sut = try await makeSUT()
        try await sut.backend.signOut(accessToken: sut.stored.session.accessToken, scope: .global)
        let watcher = sut.manager.events

        await sut.manager.startAutoRefresh()
        await sut.clock.waitForSleepers(1)
        sut.clock.advance(by: sut.clock.deadlines[0].timeIntervalSince(sut.clock.now))
        _ = await watcher.first(matching: \.isSignedOut)
        await sut.manager.autoRefreshLoopEnded()

        #expect(sut.clock.sleeperCount == 0, "the loop is not waiting to retry")
        sut.clock.advance(by: 86_400)
        #expect(sut.backend.refreshCount == 1)
        #expect(await sut.manager.stored == nil)

        let again = try await sut.harness.signInGuest()
        try await sut.manager.adopt(again, announcing: .signedIn(again))
        await sut.clock.waitForSleepers(1)
        #expect(sut.clock.deadlines == [again.session.expiresAt.addingTimeInterval(-sut.lead)])
        sut.clock.advance(by: sut.clock.deadlines[0].timeIntervalSince(sut.clock.now))
        await sut.clock.waitForSleepers(1)

        #expect(sut.backend.refreshCount == 2)
        let fresh = try #require(await sut.manager.stored?.session)
        #expect(fresh.userID == again.user.id)
        await sut.manager.stopAutoRefresh()
        let ended = AuthError.sessionExpired("refresh_token_not_found")
        #expect(
            await sut.process.recordedEvents() == [
                .initialSession(InitialSession(stored: sut.stored, isExpired: false)), .signedOut(.sessionEnded(ended)),
                .signedIn(again), .tokenRefreshed(fresh),
            ])
    }

    @Test("stopping the loop cancels its wait; nothing is refreshed afterwards")
    func stop() async throws {
        let sut = try await makeSUT()
        await sut.manager.startAutoRefresh()
        await sut.clock.waitForSleepers(1)

        await sut.manager.stopAutoRefresh()
        #expect(sut.clock.sleeperCount == 0)
        sut.clock.advance(by: 86_400)
        #expect(sut.backend.refreshCount == 0)
    }

    @Test("a token refreshed on demand moves the loop's next refresh")
    func onDemandRefreshReschedules() async throws {
        let sut = try await makeSUT()
        await sut.manager.startAutoRefresh()
        await sut.clock.waitForSleepers(1)
        sut.clock.advance(by: 1800)
        let fresh = try await sut.manager.refresh()

        sut.clock.advance(by: sut.clock.deadlines[0].timeIntervalSince(sut.clock.now))
        await sut.clock.waitForSleepers(1)

        #expect(sut.backend.refreshCount == 1, "the loop woke, saw a fresh token, and went back to sleep")
        #expect(sut.clock.deadlines == [fresh.expiresAt.addingTimeInterval(-sut.lead)])
        await sut.manager.stopAutoRefresh()
    }
}

import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// Sign-out scopes seen from two devices of one user: `global` ends the other device's session
/// on the backend (its next refresh fails definitively), `local` leaves it alive.
@Suite("Sign-out scope", .timeLimit(.minutes(5)))
struct SignOutScopeTests {
    private struct Device {
        let coordinator: AuthenticationCoordinator
        let process: ManagedSession
        let store: InMemorySessionStore
        let stored: StoredSession
    }

    private struct SUT {
        let harness: SessionHarness
        let phone: Device
        let tablet: Device
    }

    private func makeSUT(_ flavor: EngineFlavor) async throws -> SUT {
        let harness = try await SessionHarness.make(flavor)
        func device() async throws -> Device {
            let stored = try await harness.signInWithApple()
            let store = InMemorySessionStore(initial: stored)
            let process = harness.makeManager(store: store)
            let coordinator = AuthenticationCoordinator(
                backend: harness.backend, sessions: process.manager, profileCache: InMemoryProfileCache(), logger: harness.log.logger)
            await coordinator.start()
            return Device(coordinator: coordinator, process: process, store: store, stored: stored)
        }
        let phone = try await device()
        let tablet = try await device()
        #expect(phone.stored.user.id == tablet.stored.user.id, "one user, two sessions")
        return SUT(harness: harness, phone: phone, tablet: tablet)
    }

    @Test("global sign-out ends every session: the other device's refresh fails and it signs out", arguments: EngineFlavor.allCases)
    func global(flavor: EngineFlavor) async throws {
        let sut = try await makeSUT(flavor)
        sut.harness.clock.advance(by: 5)

        try await sut.phone.coordinator.signOut(scope: .global)

        #expect(await sut.phone.process.manager.stored == nil)
        #expect(try await sut.phone.store.load() == nil)
        #expect(await sut.phone.process.recordedEvents().last == .signedOut(.userRequested))

        await #expect(throws: flavor.revokedSessionError) { try await sut.tablet.process.manager.refresh() }
        #expect(await sut.tablet.process.manager.stored == nil)
        #expect(try await sut.tablet.store.load() == nil)
        #expect(await sut.tablet.process.recordedEvents().last == .signedOut(.sessionEnded(flavor.revokedSessionError)))
    }

    @Test("local sign-out ends only this device's session", arguments: EngineFlavor.allCases)
    func local(flavor: EngineFlavor) async throws {
        let sut = try await makeSUT(flavor)
        sut.harness.clock.advance(by: 5)

        try await sut.phone.coordinator.signOut(scope: .local)

        #expect(await sut.phone.process.manager.stored == nil)
        #expect(try await sut.phone.store.load() == nil)
        let refreshed = try await sut.tablet.process.manager.refresh()
        #expect(refreshed.userID == sut.tablet.stored.user.id)
        #expect(await sut.tablet.process.manager.stored?.session == refreshed)
        #expect(!(await sut.tablet.process.recordedEvents()).hasSignedOut)
        if flavor.endsSessionOnLocalSignOut {
            await #expect(throws: AuthError.sessionExpired("refresh_token_not_found"), "the phone's own session ended on the server") {
                try await sut.harness.backend.refreshSession(refreshToken: sut.phone.stored.session.refreshToken)
            }
        }
    }

    @Test("a global sign-out that cannot reach the backend still signs out here, and says so", arguments: EngineFlavor.allCases)
    func globalOffline(flavor: EngineFlavor) async throws {
        let harness = try await SessionHarness.make(flavor)
        let stored = try await harness.signInGuest()
        let backend = StubBackend()
        await backend.setSignOutError(.network("offline"))
        let process = harness.makeManager(store: InMemorySessionStore(initial: stored))
        let coordinator = AuthenticationCoordinator(
            backend: backend, sessions: process.manager, profileCache: InMemoryProfileCache(), logger: Logger(label: "test"))

        await #expect(throws: AuthError.network("offline")) { try await coordinator.signOut(scope: .global) }

        #expect(await process.manager.stored == nil)
        #expect(await process.recordedEvents().last == .signedOut(.userRequested))
    }
}

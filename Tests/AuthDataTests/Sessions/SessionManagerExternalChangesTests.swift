import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// What another process writes to a shared session store, adopted and announced as if it had
/// happened here (`status --watch` in one shell, `logout` or `google` in another).
@Suite("Session manager: changes made by other processes", .timeLimit(.minutes(5)))
struct SessionManagerExternalChangesTests {
    @Test("another process signing out is announced as signedOut, once; the manager is then signed out")
    func signedOutElsewhere() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        let store = InMemorySessionStore(initial: stored)
        let process = sut.makeManager(store: store)
        await process.manager.restore()

        try await store.delete()
        let event = await process.manager.adoptExternalChanges()

        #expect(event == .signedOut(.elsewhere), "a sign-out elsewhere is not an expired or revoked session")
        #expect(await process.manager.adoptExternalChanges() == nil, "nothing more changed")
        #expect(await process.manager.stored == nil)
        await #expect(throws: AuthError.notSignedIn) { try await process.manager.validSession() }
    }

    @Test("another user signed in elsewhere is signedIn; a refresh elsewhere is tokenRefreshed; its own writes announce nothing")
    func signInAndRefreshElsewhere() async throws {
        let sut = try await SessionHarness.make()
        let first = try await sut.signInGuest()
        let store = InMemorySessionStore(initial: first)
        let process = sut.makeManager(store: store)
        await process.manager.restore()

        let second = try await sut.signInGuest()
        try await store.save(second)
        #expect(await process.manager.adoptExternalChanges() == .signedIn(second))

        var refreshed = second
        refreshed.session = try await sut.backend.refreshSession(refreshToken: second.session.refreshToken)
        try await store.save(refreshed)
        #expect(await process.manager.adoptExternalChanges() == .tokenRefreshed(refreshed.session))

        _ = try await process.manager.refresh()
        #expect(await process.manager.adoptExternalChanges() == nil, "a refresh of its own is not news")
    }

    @Test("a link or unlink elsewhere changes only the user: userUpdated")
    func userChangedElsewhere() async throws {
        let sut = try await SessionHarness.make()
        let stored = try await sut.signInGuest()
        let store = InMemorySessionStore(initial: stored)
        let process = sut.makeManager(store: store)
        await process.manager.restore()

        var renamed = stored
        renamed.user.displayName = "Changed Elsewhere"
        try await store.save(renamed)
        #expect(await process.manager.adoptExternalChanges() == .userUpdated(renamed.user))
    }
}

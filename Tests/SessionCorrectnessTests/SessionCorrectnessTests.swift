import AuthData
import AuthDomain
import AuthTesting
import Foundation
import Testing

/// The session bugs other clients shipped and fixed late, reproduced on the testing product's
/// faults against both backends and every session store; each test is named after the upstream
/// issue it reproduces, and Docs/Sessions.md names the `SessionManager` guard each one proves.
/// The rules the engines follow: GoTrue internal/api/token.go (refresh-token rotation, the reuse
/// interval) and Firebase's securetoken `token` endpoint (refresh tokens that do not rotate).
@Suite("Session correctness: the anchors' session bugs", .timeLimit(.minutes(5)))
struct SessionCorrectnessTests {
    private static let matrix = [(TestBackendKind, StoreKind)](
        TestBackendKind.allCases.flatMap { kind in StoreKind.allCases.map { (kind, $0) } })

    /// An app signed in with Apple whose access token expires within its refresh margin (still
    /// valid), so the next `validSession()` refreshes and a sign-out can still reach the server.
    private func signedInNearExpiry(_ kind: TestBackendKind, store: any SessionStore) async throws -> TestApp {
        let app = try await TestApp.make(backend: kind, store: store)
        _ = try await app.coordinator.signIn(with: .social(.apple))
        let session = try #require(await app.coordinator.currentSession()).session
        app.clock.advance(by: session.expiresAt.timeIntervalSince(app.clock.now) - kind.refreshPolicy.margin / 2)
        return app
    }

    @Test("supabase-swift #1371: a refresh that lands after sign-out does not store the session again", arguments: matrix)
    func lateRefreshAfterSignOut(kind: TestBackendKind, storeKind: StoreKind) async throws {
        let scratch = try ScratchDirectory()
        let (store, relaunchStore) = storeKind.pair(in: scratch.url)
        let app = try await TestApp.make(backend: kind, store: store)
        _ = try await app.coordinator.signIn(with: .social(.apple))
        app.backend.refreshGate.close()
        // A forced refresh (the access token is still fresh, so the sign-out does not wait for it
        // to hand out a token): the sign-out itself must not let the late answer be stored.
        let refresh = Task { try? await app.sessions.refresh() }
        await app.backend.refreshGate.waitForWaiter()
        let signOut = Task { try await app.coordinator.signOut(scope: .local) }
        app.backend.refreshGate.open()
        _ = await refresh.value
        try await signOut.value

        #expect(await app.coordinator.currentUser() == nil)
        #expect(try await store.load() == nil)
        let relaunched = try await TestApp.make(backend: kind, store: relaunchStore, world: app.world)
        #expect(await relaunched.sessions.restore() == nil, "the next launch restored the signed-out session")
    }

    @Test("supabase-swift #1371: a refresh that lands after another user signs in keeps the new user", arguments: matrix)
    func lateRefreshAfterAnotherUserSignsIn(kind: TestBackendKind, storeKind: StoreKind) async throws {
        let scratch = try ScratchDirectory()
        let (store, relaunchStore) = storeKind.pair(in: scratch.url)
        let app = try await signedInNearExpiry(kind, store: store)
        let first = try #require(await app.coordinator.currentUser())
        app.backend.refreshGate.close()
        let refresh = Task { try? await app.sessions.validSession() }
        await app.backend.refreshGate.waitForWaiter()
        app.google.approve(as: "grace@example.com")
        let second = Task { try await app.coordinator.signIn(with: .social(.google)) }
        app.backend.refreshGate.open()
        _ = await refresh.value
        _ = try await second.value

        let now = try #require(await app.coordinator.currentUser())
        #expect(now.id != first.id)
        #expect(now.email == "grace@example.com")
        #expect(try await store.load()?.user.id == now.id, "the store holds the first user's session")
        let relaunched = try await TestApp.make(backend: kind, store: relaunchStore, world: app.world)
        #expect(await relaunched.sessions.restore()?.stored.user.id == now.id)
    }

    @Test("firebase-ios-sdk #15474: refreshes at once, in one process and in two, send one request and sign no one out", arguments: matrix)
    func concurrentRefreshes(kind: TestBackendKind, storeKind: StoreKind) async throws {
        let scratch = try ScratchDirectory()
        let (store, otherStore) = storeKind.pair(in: scratch.url)
        let app = try await signedInNearExpiry(kind, store: store)
        let other = try await TestApp.make(backend: kind, store: otherStore, world: app.world) // a second process
        _ = await other.sessions.restore() // it read the session before the first one refreshed it
        app.backend.refreshGate.close()
        let callers = (0..<3).map { _ in Task { try await app.sessions.validSession() } }
        await app.backend.refreshGate.waitForWaiter()
        let elsewhere = Task { try await other.sessions.validSession() }
        app.backend.refreshGate.open()
        var sessions = [AuthSession]()
        for caller in callers { sessions.append(try await caller.value) }
        sessions.append(try await elsewhere.value)

        #expect(app.backend.refreshCount + other.backend.refreshCount == 1, "a refresh token was spent more than once")
        #expect(Set(sessions.map(\.refreshToken)).count == 1)
        #expect(await app.coordinator.currentUser() != nil)
        #expect(await other.coordinator.currentUser() != nil)
        #expect(try await store.load()?.session == sessions.first)
    }

    @Test("Auth0.swift #490: a refresh whose caller is cancelled mid-flight still stores the rotated session", arguments: matrix)
    func cancelledMidRefresh(kind: TestBackendKind, storeKind: StoreKind) async throws {
        let scratch = try ScratchDirectory()
        let (store, _) = storeKind.pair(in: scratch.url)
        let app = try await signedInNearExpiry(kind, store: store)
        app.backend.inject(.slow(seconds: 5), on: .refresh) // the server has answered; the answer is on its way
        let caller = Task { try await app.sessions.validSession() }
        await app.clock.waitForSleepers(1)
        caller.cancel()
        app.clock.advance(by: 5)
        _ = try? await caller.value

        let delivered = try #require(app.backend.deliveredSessions.last)
        #expect(try await store.load()?.session == delivered, "the rotated session was lost with the cancelled task")
        app.clock.advance(by: 3600)
        _ = try await app.sessions.validSession() // the stored refresh token is the live one
        #expect(await app.coordinator.currentUser() != nil)
        #expect(app.backend.refreshCount == 2)
    }

    @Test("a lost answer (the server rotated, the app never heard) keeps the user signed in and the retry succeeds", arguments: matrix)
    func lostAnswer(kind: TestBackendKind, storeKind: StoreKind) async throws {
        let scratch = try ScratchDirectory()
        let (store, _) = storeKind.pair(in: scratch.url)
        let app = try await signedInNearExpiry(kind, store: store)
        let before = try #require(await app.coordinator.currentSession()).session
        app.backend.inject(.answerLost, on: .refresh)
        await #expect(throws: AuthError.self) { try await app.sessions.refresh() }
        #expect(try await store.load()?.session == before, "a transient failure changed the stored session")

        let retried = try await app.sessions.refresh() // the old refresh token, again (GoTrue: within the reuse interval)
        #expect(retried.accessToken != before.accessToken)
        #expect(await app.coordinator.currentUser() != nil)
        #expect(try await store.load()?.session == retried)
    }
}

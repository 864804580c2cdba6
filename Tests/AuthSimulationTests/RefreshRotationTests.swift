import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Supabase refresh-token rules (reference §5), through the in-process backend so that the
/// domain errors are checked too: rotation, the reuse interval, the parent of the active token,
/// family revocation on any other reuse, and logout scopes.
@Suite("Supabase engine: refresh-token rotation")
struct RefreshRotationTests {
    private struct SUT {
        let world: TestWorld
        let backend: SupabaseAuthBackend
        var clock: TestClock { world.clock }
        var reuseInterval: TimeInterval { world.services.supabase.configuration.refreshTokenReuseInterval }
    }

    private func makeSUT() async throws -> SUT {
        let world = try await TestWorld.make()
        return SUT(world: world, backend: SupabaseAuthBackend(engine: world.services.supabase))
    }

    @Test("a refresh rotates the refresh token; the child works, the session and user stay")
    func rotation() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        sut.clock.advance(by: 60)

        let child = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        let grandchild = try await sut.backend.refreshSession(refreshToken: child.refreshToken)

        #expect(child.refreshToken != signIn.session.refreshToken)
        #expect(grandchild.refreshToken != child.refreshToken)
        #expect(child.accessToken != signIn.session.accessToken)
        #expect(child.expiresAt == sut.clock.now.addingTimeInterval(3600))
        #expect(child.userID == signIn.user.id)
        #expect(try await sut.backend.user(accessToken: grandchild.accessToken).id == signIn.user.id)
    }

    @Test("a revoked token reused within the reuse interval is accepted and issues a new child")
    func reuseWithinInterval() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        let first = signIn.session.refreshToken
        let child = try await sut.backend.refreshSession(refreshToken: first)
        let active = try await sut.backend.refreshSession(refreshToken: child.refreshToken)
        sut.clock.advance(by: sut.reuseInterval - 1)

        let reissued = try await sut.backend.refreshSession(refreshToken: first)

        #expect(reissued.userID == signIn.user.id)
        #expect(![first, child.refreshToken, active.refreshToken].contains(reissued.refreshToken))
        #expect(try await sut.backend.refreshSession(refreshToken: reissued.refreshToken).userID == signIn.user.id)
    }

    @Test("the parent of the active token is answered with the active token, even long after")
    func parentOfActive() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        let active = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        sut.clock.advance(by: 30 * 86_400)

        let again = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)

        #expect(again.refreshToken == active.refreshToken, "the response the client lost is sent again")
        #expect(again.accessToken != active.accessToken, "with a new access token")
        #expect(again.expiresAt == sut.clock.now.addingTimeInterval(3600))
        let next = try await sut.backend.refreshSession(refreshToken: active.refreshToken)
        #expect(next.refreshToken != active.refreshToken, "the active token still rotates normally")
    }

    @Test(
        """
        any other reuse is refresh_token_already_used: every token of the session is revoked, the session kept (tokens/service.go,\
         models/refresh_token.go RevokeTokenFamily)
        """
    )
    func reuseRevokesFamily() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        let other = try await sut.backend.signInAnonymously()
        let child = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        let active = try await sut.backend.refreshSession(refreshToken: child.refreshToken)
        sut.clock.advance(by: sut.reuseInterval + 1)

        await #expect(throws: AuthError.sessionExpired("refresh_token_already_used")) {
            try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        }
        #expect(
            try await sut.backend.user(accessToken: active.accessToken).id == signIn.user.id,
            "the session stays: its access tokens work until they expire")

        sut.clock.advance(by: sut.reuseInterval + 1)
        await #expect(throws: AuthError.sessionExpired("refresh_token_already_used"), "the active token was revoked with its family") {
            try await sut.backend.refreshSession(refreshToken: active.refreshToken)
        }
        #expect(
            try await sut.backend.refreshSession(refreshToken: other.session.refreshToken).userID == other.user.id,
            "other users are untouched")
    }

    @Test("the reuse interval counts from the token's revocation, not from its issue")
    func reuseIntervalFromRevocation() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        sut.clock.advance(by: 10 * sut.reuseInterval)
        let child = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        _ = try await sut.backend.refreshSession(refreshToken: child.refreshToken)
        sut.clock.advance(by: sut.reuseInterval / 2)

        let reissued = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)

        #expect(reissued.userID == signIn.user.id)
    }

    @Test("logout scope global ends every session of the user; the other device's refresh fails definitively")
    func logoutGlobal() async throws {
        let sut = try await makeSUT()
        let phone = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        let tablet = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        #expect(phone.user.id == tablet.user.id)

        try await sut.backend.signOut(accessToken: phone.session.accessToken, scope: .global)

        await #expect {
            try await sut.backend.refreshSession(refreshToken: tablet.session.refreshToken)
        } throws: { error in
            (error as? AuthError) == .sessionExpired("refresh_token_not_found") && (error as? AuthError)?.endsSession == true
        }
        await #expect(throws: AuthError.sessionExpired("refresh_token_not_found")) {
            try await sut.backend.refreshSession(refreshToken: phone.session.refreshToken)
        }
    }

    @Test("logout scope local ends this session only; others stays alive")
    func logoutLocal() async throws {
        let sut = try await makeSUT()
        let phone = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        let tablet = try await sut.backend.signIn(with: try await sut.world.appleCredential())

        try await sut.backend.signOut(accessToken: phone.session.accessToken, scope: .local)

        await #expect(throws: AuthError.sessionExpired("refresh_token_not_found")) {
            try await sut.backend.refreshSession(refreshToken: phone.session.refreshToken)
        }
        #expect(try await sut.backend.refreshSession(refreshToken: tablet.session.refreshToken).userID == tablet.user.id)
    }

    @Test("logout scope others ends every session but this one")
    func logoutOthers() async throws {
        let sut = try await makeSUT()
        let phone = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        let tablet = try await sut.backend.signIn(with: try await sut.world.appleCredential())

        try await sut.backend.signOut(accessToken: phone.session.accessToken, scope: .others)

        await #expect(throws: AuthError.sessionExpired("refresh_token_not_found")) {
            try await sut.backend.refreshSession(refreshToken: tablet.session.refreshToken)
        }
        #expect(try await sut.backend.refreshSession(refreshToken: phone.session.refreshToken).userID == phone.user.id)
    }

    @Test("a banned user's refresh fails definitively")
    func bannedUser() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        let engine = sut.world.services.supabase
        _ = try await engine.adminBanUser(bearer: try engine.serviceRoleKey(), userID: signIn.user.id, banDuration: "24h")

        await #expect {
            try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        } throws: { error in
            (error as? AuthError)?.endsSession == true
        }
    }

    @Test("a deleted user's refresh fails definitively")
    func deletedUser() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        let engine = sut.world.services.supabase
        try await engine.adminDeleteUser(bearer: try engine.serviceRoleKey(), userID: signIn.user.id)

        await #expect(throws: AuthError.sessionExpired("refresh_token_not_found")) {
            try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        }
    }
}

import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Firebase Secure Token refresh (reference §3), through the in-process backend: the refresh
/// token is kept, and revocation, deletion and disabling end the session with their codes.
@Suite("Firebase engine: Secure Token refresh")
struct SecureTokenRefreshTests {
    private struct SUT {
        let world: TestWorld
        let backend: FirebaseAuthBackend
        var engine: FirebaseEngine { world.services.firebase }
        var clock: TestClock { world.clock }
    }

    private func makeSUT() async throws -> SUT {
        let world = try await TestWorld.make()
        return SUT(world: world, backend: FirebaseAuthBackend(engine: world.services.firebase))
    }

    @Test("a refresh keeps the refresh token and issues a new ID token for the same user")
    func keepsRefreshToken() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        sut.clock.advance(by: 600)

        let first = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        sut.clock.advance(by: 600)
        let second = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)

        #expect(first.refreshToken == signIn.session.refreshToken)
        #expect(second.refreshToken == signIn.session.refreshToken, "the same token works again")
        #expect(first.accessToken != signIn.session.accessToken)
        #expect(second.accessToken != first.accessToken)
        #expect(second.expiresAt == sut.clock.now.addingTimeInterval(3600))
        #expect(try await sut.backend.user(accessToken: second.accessToken).id == signIn.user.id)
    }

    @Test("after the user's tokens are revoked, refresh is TOKEN_EXPIRED")
    func revoked() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        sut.clock.advance(by: 10)

        try await sut.engine.adminRevokeRefreshTokens(localId: signIn.user.id)

        await #expect(throws: AuthError.sessionExpired("TOKEN_EXPIRED")) {
            try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        }
        await #expect(throws: AuthError.sessionExpired("TOKEN_EXPIRED"), "the outstanding ID token is refused too") {
            try await sut.backend.user(accessToken: signIn.session.accessToken)
        }
        sut.clock.advance(by: 10)
        let again = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        #expect(
            try await sut.backend.refreshSession(refreshToken: again.session.refreshToken).userID == signIn.user.id, "a new sign-in works")
    }

    @Test("a deleted user's refresh is USER_NOT_FOUND")
    func deletedUser() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()

        try await sut.backend.deleteAccount(accessToken: signIn.session.accessToken)

        await #expect(throws: AuthError.sessionExpired("USER_NOT_FOUND")) {
            try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        }
    }

    @Test("a disabled user's refresh is USER_DISABLED; enabling again restores it")
    func disabledUser() async throws {
        let sut = try await makeSUT()
        let signIn = try await sut.backend.signInAnonymously()
        var disable = FirebaseUpdateRequest(idToken: nil)
        disable.localId = signIn.user.id
        disable.disableUser = true

        _ = try await sut.engine.adminUpdate(disable)

        await #expect(throws: AuthError.accountDisabled) {
            try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        }
        #expect(AuthError.accountDisabled.endsSession)
        disable.disableUser = false
        _ = try await sut.engine.adminUpdate(disable)
        #expect(try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken).userID == signIn.user.id)
    }

    @Test("an unknown refresh token is INVALID_REFRESH_TOKEN")
    func unknownToken() async throws {
        let sut = try await makeSUT()
        await #expect(throws: AuthError.sessionExpired("INVALID_REFRESH_TOKEN")) {
            try await sut.backend.refreshSession(refreshToken: "AMf-vBnot-a-token")
        }
    }

    @Test("global sign-out revokes every device's refresh token; local revokes nothing")
    func signOutScopes() async throws {
        let sut = try await makeSUT()
        let phone = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        let tablet = try await sut.backend.signIn(with: try await sut.world.appleCredential())
        sut.clock.advance(by: 10)

        try await sut.backend.signOut(accessToken: phone.session.accessToken, scope: .local)
        #expect(try await sut.backend.refreshSession(refreshToken: tablet.session.refreshToken).userID == tablet.user.id)

        try await sut.backend.signOut(accessToken: phone.session.accessToken, scope: .global)
        await #expect(throws: AuthError.sessionExpired("TOKEN_EXPIRED")) {
            try await sut.backend.refreshSession(refreshToken: tablet.session.refreshToken)
        }
    }
}

import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

@Suite("Backend contract: sessions")
struct SessionContractTests {
    @Test("a refresh returns a new access token for the same user", arguments: BackendFlavor.allCases)
    func refresh(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (credential, _) = try await sut.appleCredential()
        let signIn = try await sut.backend.signIn(with: credential)
        sut.clock.advance(by: 1800)
        let refreshed = try await sut.backend.refreshSession(refreshToken: signIn.session.refreshToken)
        #expect(refreshed.userID == signIn.user.id)
        #expect(refreshed.accessToken != signIn.session.accessToken)
        #expect(refreshed.expiresAt > signIn.session.expiresAt)
        if flavor.traits.rotatesRefreshTokens {
            #expect(refreshed.refreshToken != signIn.session.refreshToken, "Supabase rotates refresh tokens")
        }
        #expect(try await sut.backend.user(accessToken: refreshed.accessToken).id == signIn.user.id)
    }

    @Test("an unknown refresh token ends the session definitively", arguments: BackendFlavor.allCases)
    func unknownRefreshToken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        await sut.expectFailure("sessionExpired", { try await sut.backend.refreshSession(refreshToken: "abcdefghijkl") }) { $0.endsSession }
    }

    @Test("an expired access token is refused by protected calls", arguments: BackendFlavor.allCases)
    func expiredAccessToken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let guest = try await sut.backend.signInAnonymously()
        sut.clock.advance(by: 3700)
        await sut.expectFailure("a refusal", { try await sut.backend.user(accessToken: guest.session.accessToken) }) { _ in true }
    }
}

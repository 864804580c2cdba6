import AuthData
import AuthDomain
import AuthPresentation
import AuthTesting
import Testing

// The examples of Docs/Testing.md ("Testing your sign-in code"), as an app team writes them: this
// target links the library products only (AuthDomain, AuthData, AuthPresentation, AuthTesting).
// Each region between `// docs:begin NAME` and `// docs:end` is copied in the article, and
// DocsDriftTests fails when the two differ.

@MainActor
@Suite("Testing your sign-in code: the article's examples")
struct SignInExamples {
    // docs:begin first-apple-sign-in
    @Test("a first Apple sign-in without a name goes to onboarding, with the email Apple gave")
    func firstAppleSignInGoesToOnboarding() async throws {
        let app = try await TestApp.make(backend: .supabase)
        app.apple.approve(as: "ada@example.com") // a first authorisation, no name typed

        let login = app.loginViewModel()
        await login.signIn(with: .social(.apple))

        #expect(login.state == .success(.onboarding(OnboardingPrefill(name: nil, email: "ada@example.com"))))
    }
    // docs:end

    // docs:begin returning-apple-sign-in
    @Test("a returning Apple user goes to main: the name is known from the first sign-in")
    func returningAppleSignInGoesToMain() async throws {
        let app = try await TestApp.make(backend: .firebase)
        let ada = PersonName(givenName: "Ada", familyName: "Lovelace")
        app.apple.approve(as: "ada@example.com", name: ada)
        let login = app.loginViewModel()
        await login.signIn(with: .social(.apple))
        try await app.coordinator.signOut(scope: .local)

        app.apple.approve(as: "ada@example.com") // Apple gives no name or email this time
        await login.signIn(with: .social(.apple))

        #expect(login.state == .success(.main))
        #expect(login.lastResult?.isNewUser == false)
    }
    // docs:end

    // docs:begin cancelled-apple-sign-in
    @Test("a cancelled Apple sheet shows nothing and signs no one in")
    func cancelShowsNothing() async throws {
        let app = try await TestApp.make(backend: .supabase)
        app.apple.cancel()

        let login = app.loginViewModel()
        await login.signIn(with: .social(.apple))

        #expect(login.state == .idle)
        #expect(await app.coordinator.currentUser() == nil)
    }
    // docs:end

    // docs:begin expired-session-refreshed
    @Test("an expired session is refreshed when the app asks for a token")
    func expiredSessionIsRefreshed() async throws {
        let app = try await TestApp.make(backend: .supabase)
        _ = try await app.coordinator.signIn(with: .social(.apple))
        let before = try #require(await app.coordinator.currentSession()).session

        app.clock.advance(by: 3600) // the access token's hour is over
        let after = try await app.sessions.validSession()

        #expect(after.accessToken != before.accessToken)
        #expect(after.expiresAt > app.clock.now)
        #expect(app.backend.refreshCount == 1)
    }
    // docs:end

    // docs:begin offline-refresh-keeps-user
    @Test("a refresh that fails offline keeps the user signed in, and succeeds once back online")
    func offlineRefreshKeepsTheUser() async throws {
        let app = try await TestApp.make(backend: .firebase)
        _ = try await app.coordinator.signIn(with: .social(.apple))
        let user = try #require(await app.coordinator.currentUser())

        app.clock.advance(by: 3600)
        app.backend.inject(.offline, on: .refresh)
        await #expect(throws: AuthError.self) {
            try await app.sessions.validSession()
        }
        #expect(await app.coordinator.currentUser()?.id == user.id) // still signed in

        let refreshed = try await app.sessions.validSession() // the network is back
        #expect(refreshed.expiresAt > app.clock.now)
    }
    // docs:end

    // docs:begin delete-account-revokes-apple
    @Test("deleting the account revokes the user's Apple tokens first (App Store guideline 5.1.1(v))")
    func deletionRevokesAppleTokens() async throws {
        let app = try await TestApp.make(backend: .supabase)
        _ = try await app.coordinator.signIn(with: .social(.apple))
        #expect(await app.apple.apple.revocations.isEmpty)

        try await app.coordinator.deleteAccount() // shows the Apple sheet again for a fresh code

        let revoked = await app.apple.apple.revocations
        #expect(revoked.map(\.tokenKind) == ["refresh_token"])
        #expect(revoked.map(\.clientID) == [app.apple.clientID])
        #expect(await app.coordinator.currentUser() == nil)
    }
    // docs:end
}

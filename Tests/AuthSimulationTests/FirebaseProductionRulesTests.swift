import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Production rules Google's emulator lacks: Google trusted for Gmail addresses, `lastRefreshAt`
/// in `accounts:lookup`, and `linkDomain` checked by `accounts:sendOobCode`.
@Suite("Firebase engine: trusted Gmail, lastRefreshAt, link domains")
struct FirebaseProductionRulesTests {
    private func adminUser(_ sut: FirebaseEngineFixture, email: String, verified: Bool) async throws -> String {
        var request = FirebaseSignUpRequest(returnSecureToken: nil)
        request.email = email
        request.emailVerified = verified
        request.password = "correct horse battery"
        return try await sut.engine.adminCreateUser(request).localId
    }

    @Test("Google signs in to the verified account with its Gmail address, keeping its other ways in (Firebase docs: trusted providers)")
    func gmailIsTrusted() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let localId = try await adminUser(sut, email: "ada@gmail.com", verified: true)
        let google = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "ada@gmail.com"))
        #expect(google.localId == localId && google.needConfirmation == nil && google.idToken != nil)
        let user = try #require(sut.world.services.storedFirebaseUsers()[localId])
        #expect(user.providers.map(\.providerId) == ["password", "google.com"] && user.hasPassword)
        // The next Google sign-in finds the account by its Google identity.
        let again = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "ada@gmail.com"))
        #expect(again.localId == localId && again.isNewUser == nil)
    }

    @Test("for any other address a verified account still asks to confirm (firebase-tools operations.ts handleIdpSigninEmailRequired)")
    func otherDomainsAskToConfirm() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let localId = try await adminUser(sut, email: "bob@example.com", verified: true)
        let google = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "bob@example.com"))
        #expect(google.needConfirmation == true && google.idToken == nil)
        #expect(sut.world.services.storedFirebaseUsers()[localId]?.providers.map(\.providerId) == ["password"])
    }

    @Test("an unverified Gmail account is taken over: the password its creator set goes")
    func unverifiedGmailTakenOver() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let localId = try await adminUser(sut, email: "eve@gmail.com", verified: false)
        let google = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "eve@gmail.com"))
        #expect(google.localId == localId)
        let user = try #require(sut.world.services.storedFirebaseUsers()[localId])
        #expect(user.providers.map(\.providerId) == ["google.com"] && !user.hasPassword && user.emailVerified)
    }

    @Test("lookup says when an ID token was last minted: at sign-in, then at each refresh (firebase-tools operations.ts issueTokens)")
    func lastRefreshAt() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let signIn = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "ada@example.com"))
        let signedInAt = formatter.string(from: sut.clock.now)
        #expect(try await sut.engine.lookup(idToken: signIn.idToken).users?.first?.lastRefreshAt == signedInAt)

        sut.clock.advance(by: 90)
        let refreshed = try await sut.engine.secureToken(grantType: "refresh_token", refreshToken: signIn.refreshToken)
        let refreshedAt = formatter.string(from: sut.clock.now)
        #expect(refreshedAt != signedInAt)
        #expect(try await sut.engine.lookup(idToken: refreshed.idToken).users?.first?.lastRefreshAt == refreshedAt)
        var byAdmin = FirebaseAccountRequest(idToken: nil)
        byAdmin.localId = .one(try #require(signIn.localId))
        #expect(try await sut.engine.adminLookup(byAdmin).users?.first?.lastRefreshAt == refreshedAt)
        // A user who never signed in has none.
        let created = try await adminUser(sut, email: "new@example.com", verified: false)
        byAdmin.localId = .one(created)
        #expect(try await sut.engine.adminLookup(byAdmin).users?.first?.lastRefreshAt == nil)
    }

    @Test("a linkDomain the project has not configured is refused (firebase-admin-python integration/test_auth.py test_auth_error_parse)")
    func linkDomainRefused() async throws {
        let sut = try await FirebaseEngineFixture.make()
        var request = FirebaseOobRequest(
            requestType: "EMAIL_SIGNIN", email: "ada@example.com", continueUrl: "https://app.example/done",
            canHandleCodeInApp: true)
        request.linkDomain = "cool.link"
        let failure = await sut.failure { try await sut.engine.sendOobCode(request, isAdmin: true) }
        #expect(failure?.code == "INVALID_HOSTING_LINK_DOMAIN")
        #expect(failure?.detail?.hasSuffix("This cannot be a default hosting domain (web.app or firebaseapp.com).") == true)
        request.linkDomain = nil
        #expect(try await sut.engine.sendOobCode(request, isAdmin: true).email == "ada@example.com")
    }
}

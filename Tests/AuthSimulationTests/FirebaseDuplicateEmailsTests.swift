import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// `signIn.allowDuplicateEmails` (the emulator's config API, `PATCH /emulator/v1/projects/{p}/config`),
/// as firebase-tools `src/emulator/auth/operations.ts` applies it to `signInWithIdp`: off (one
/// account per email), a provider's user with a taken address is asked to confirm; on, it gets
/// an account of its own whose top-level `email` stays unset (`handleIdpSigninEmailNotRequired`,
/// `handleIdpSignUp` with `emailRequired: false`).
@Suite("Firebase engine: signIn.allowDuplicateEmails")
struct FirebaseDuplicateEmailsTests {
    @Test("on, a Google user with a taken address gets its own account; off, it is asked to confirm")
    func idpSignInWithTakenEmail() async throws {
        let sut = try await FirebaseEngineFixture.make()
        var request = FirebaseSignUpRequest(returnSecureToken: nil)
        request.email = "bob@example.com"
        request.emailVerified = true
        request.password = "correct horse battery"
        let owner = try await sut.engine.adminCreateUser(request).localId
        let refused = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "bob@example.com"))
        #expect(refused.needConfirmation == true && refused.idToken == nil)

        _ = try await sut.engine.updateEmulatorConfig(["signIn": .object(["allowDuplicateEmails": .bool(true)])])
        let google = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "bob@example.com"))
        let localId = try #require(google.localId)
        #expect(localId != owner && google.needConfirmation == nil && google.idToken != nil && google.isNewUser == true)
        let users = sut.world.services.storedFirebaseUsers()
        #expect(users[localId]?.email == nil && users[localId]?.providers.first?.email == "bob@example.com")
        #expect(users[owner]?.email == "bob@example.com" && users[owner]?.providers.map(\.providerId) == ["password"])
        // The same Google user signs in to that account again, found by its identity.
        let again = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "bob@example.com"))
        #expect(again.localId == localId && again.isNewUser == nil)
    }
}

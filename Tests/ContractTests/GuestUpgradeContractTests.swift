import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

/// A guest becomes an email + password account and keeps its uid: Firebase `accounts:signUp`
/// with the guest's `idToken` (firebase-tools src/emulator/auth/operations.ts `signUp`). The
/// Supabase engine does not serve the address change GoTrue needs for it (`PUT /user` with
/// `email`) yet, so only Firebase runs here.
@Suite("Backend contract: a guest adds a password")
struct GuestUpgradeContractTests {
    @Test("the guest keeps its uid, stops being anonymous, and signs in with the password",
          arguments: [BackendFlavor.firebaseInProcess, .firebaseREST])
    func upgrade(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let guest = try await sut.backend.signInAnonymously()
        let service = try sut.passwordBackend
        let token = guest.session.accessToken
        let update = try await service.addPassword(email: "ada@example.com", password: "correct horse 1", accessToken: token)
        #expect(update.user.id == guest.user.id && !update.user.isAnonymous && update.user.email == "ada@example.com")
        #expect(update.session != nil)
        #expect(try await service.signIn(email: "ada@example.com", password: "correct horse 1").user.id == guest.user.id)
    }

    @Test("an address another account has is refused as emailInUse", arguments: [BackendFlavor.firebaseInProcess, .firebaseREST])
    func taken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        _ = try await sut.signedUp("ada@example.com", password: "correct horse 1")
        let guest = try await sut.backend.signInAnonymously()
        let service = try sut.passwordBackend
        let token = guest.session.accessToken
        let add = { try await service.addPassword(email: "ada@example.com", password: "another one 2", accessToken: token) }
        await sut.expectFailure("emailInUse", add) { $0 == .emailInUse }
    }
}

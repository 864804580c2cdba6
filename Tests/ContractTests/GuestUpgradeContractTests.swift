import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

/// A guest becomes an email + password account and keeps its uid: Firebase `accounts:signUp`
/// with the guest's `idToken` (firebase-tools src/emulator/auth/operations.ts `signUp`); Supabase
/// `PUT /user` with `email` and `password`, which with autoconfirm on gives an anonymous user the
/// address at once (GoTrue internal/api/user.go `UserUpdate`).
@Suite("Backend contract: a guest adds a password")
struct GuestUpgradeContractTests {
    @Test("the guest keeps its uid, stops being anonymous, and signs in with the password", arguments: BackendFlavor.withPasswords)
    func upgrade(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let guest = try await sut.backend.signInAnonymously()
        let service = try sut.passwordBackend
        let token = guest.session.accessToken
        let update = try await service.addPassword(email: "ada@example.com", password: "correct horse 1", accessToken: token)
        #expect(update.user.id == guest.user.id && !update.user.isAnonymous && update.user.email == "ada@example.com")
        #expect(try await service.signIn(email: "ada@example.com", password: "correct horse 1").user.id == guest.user.id)
    }

    @Test("an address another account has is refused as emailInUse", arguments: BackendFlavor.withPasswords)
    func taken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        _ = try await sut.signedUp("ada@example.com", password: "correct horse 1")
        let guest = try await sut.backend.signInAnonymously()
        let service = try sut.passwordBackend
        let token = guest.session.accessToken
        let add = { try await service.addPassword(email: "ada@example.com", password: "another one 2", accessToken: token) }
        await sut.expectFailure("emailInUse", add) { $0 == .emailInUse }
    }
}

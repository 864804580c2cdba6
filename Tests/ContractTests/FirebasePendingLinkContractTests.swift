import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

/// Firebase's answer to Sign in with Apple for an address a password account has:
/// `signInWithIdp` with `needConfirmation` (firebase-tools src/emulator/auth/operations.ts
/// `signInWithIdp`, one account per email), which the library turns into
/// `AuthError.accountExists` carrying the pending credential; a password sign-in then links it
/// with no second sheet.
@Suite("Backend contract: Firebase's needConfirmation for a password account")
struct FirebasePendingLinkContractTests {
    private static let password = Secret("correct horse 1")

    /// The pending link Firebase's refusal of `credential` carries.
    private static func refusal(of credential: IDTokenCredential, on sut: BackendHarness) async throws -> PendingLink {
        do {
            _ = try await sut.backend.signIn(with: credential)
        } catch .accountExists(let link) {
            return link
        }
        throw AuthError.invalidInput("\(sut.flavor): Apple signed in to the password account's address")
    }

    @Test("Apple for a verified password account's address: accountExists, then the password sign-in links Apple",
          arguments: [BackendFlavor.firebaseInProcess, .firebaseREST])
    func pendingLink(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let account = try await sut.signedUp("ada@example.com", password: Self.password)
        _ = try await sut.passwordBackend.resend(.signUpConfirmation, to: "ada@example.com", accessToken: account.session.accessToken)
        var verify = FirebaseUpdateRequest(idToken: nil)
        verify.oobCode = try await sut.latestCode(for: "ada@example.com").revealed
        _ = try await sut.world.services.firebase.update(verify)
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com")
        let link = try await Self.refusal(of: apple, on: sut)
        #expect(link.providers == [.emailOTP] && link.credential.provider == .apple && link.credential.pendingToken != nil)

        let backend = try #require(sut.backend as? any PasswordAuthBackend & AuthBackend)
        let outcome = try await PasswordAuthStrategy(backend: backend).signIn(
            with: .passwordLinking(email: "ada@example.com", password: Self.password, link: link))
        guard case .authenticated(let result) = outcome else {
            Issue.record("\(flavor): the password sign-in did not sign in")
            return
        }
        #expect(result.user.id == account.user.id && result.user.providers.contains(.apple))
        let (again, _) = try await sut.appleCredential(appleID: "ada@example.com")
        #expect(try await sut.backend.signIn(with: again).user.id == account.user.id)
    }

    @Test("Apple for an unverified password account's address takes it over: same uid, the password is gone",
          arguments: [BackendFlavor.firebaseInProcess, .firebaseREST])
    func unverifiedTakeover(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let account = try await sut.signedUp("ada@example.com", password: Self.password)
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com")
        let signIn = try await sut.backend.signIn(with: apple)
        #expect(signIn.user.id == account.user.id && signIn.user.providers == [.apple])
        let oldPassword = { try await sut.passwordBackend.signIn(email: "ada@example.com", password: Self.password) }
        await sut.expectFailure("invalidLoginCredentials", oldPassword) { $0 == .invalidLoginCredentials }
    }
}

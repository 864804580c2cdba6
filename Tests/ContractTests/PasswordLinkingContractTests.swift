import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

/// Sign in with Apple meeting an email + password account: the linking table's cases, after
/// GoTrue internal/models/linking.go (`DetermineAccountLinking`), internal/api/external.go,
/// internal/api/identity.go (`linkIdentityToUser`, manual linking) and internal/models/user.go
/// (`RemoveUnconfirmedIdentities`, which also clears the password).
@Suite("Backend contract: Apple and a password account")
struct PasswordLinkingContractTests {
    private static let password = Secret("correct horse 1")

    /// A confirmed password account for ada@example.com, and its session.
    private func confirmedAccount(_ sut: BackendHarness) async throws -> BackendSignIn {
        let backend = try sut.passwordBackend
        _ = try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: Self.password))
        return try await backend.confirmSignUp(email: "ada@example.com", proof: .code(try await sut.latestCode(for: "ada@example.com")))
    }

    @Test("same email shared: Apple signs in to the confirmed password account and is linked to it",
          arguments: BackendFlavor.supabase)
    func sameEmail(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let account = try await confirmedAccount(sut)
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com")
        let signIn = try await sut.backend.signIn(with: apple)
        #expect(signIn.user.id == account.user.id && !signIn.isNewUser)
        #expect(Set(signIn.user.providers) == [.emailOTP, .apple])
        #expect(try await sut.passwordBackend.signIn(email: "ada@example.com", password: Self.password).user.id == account.user.id)
    }

    @Test("Hide My Email: a new account for the relay address; the password user links Apple explicitly (link_identity)",
          arguments: BackendFlavor.supabase)
    func hideMyEmail(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let account = try await confirmedAccount(sut)
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com", hideEmail: true)
        let linked = try await sut.backend.link(apple, accessToken: account.session.accessToken)
        #expect(linked.user.id == account.user.id && linked.user.email == "ada@example.com")
        #expect(linked.user.providers.contains(.apple))
        let (again, _) = try await sut.appleCredential(appleID: "ada@example.com", hideEmail: true)
        #expect(try await sut.backend.signIn(with: again).user.id == account.user.id)
    }

    @Test("an unconfirmed account: Apple's verified email takes it over and its password stops working",
          arguments: BackendFlavor.supabase)
    func unconfirmed(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        _ = try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: Self.password))
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com")
        let signIn = try await sut.backend.signIn(with: apple)
        #expect(signIn.user.providers == [.apple] && signIn.user.isEmailVerified)
        let oldPassword = { try await backend.signIn(email: "ada@example.com", password: Self.password) }
        await sut.expectFailure("invalidLoginCredentials", oldPassword) { $0 == .invalidLoginCredentials }
    }

    @Test("a taken identity: Apple already signs in to another account, so linking it is refused",
          arguments: BackendFlavor.supabase)
    func takenIdentity(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let (first, _) = try await sut.appleCredential(appleID: "grace@example.com", hideEmail: true)
        let other = try await sut.backend.signIn(with: first)
        let account = try await confirmedAccount(sut)
        let (apple, _) = try await sut.appleCredential(appleID: "grace@example.com", hideEmail: true)
        let link = { try await sut.backend.link(apple, accessToken: account.session.accessToken) }
        await sut.expectFailure("credentialAlreadyInUse", link) {
            guard case .credentialAlreadyInUse(let error, _) = $0 else { return false }
            return error.code == "identity_already_exists"
        }
        #expect(other.user.id != account.user.id)
    }
}

import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

/// Sign in with Apple meeting an email + password account: every row of the linking tables in
/// Docs/Passwords.md, on both services, in process and over the emulator. Supabase after GoTrue
/// internal/models/linking.go (`DetermineAccountLinking`), internal/api/external.go,
/// internal/api/identity.go (`linkIdentityToUser`, manual linking) and internal/models/user.go
/// (`RemoveUnconfirmedIdentities`, which also clears the password); Firebase after firebase-tools
/// src/emulator/auth/operations.ts (`signInWithIdp`: one account per email, `needConfirmation`
/// with a `pendingToken`, `handleIdpSigninEmailRequired` for an unverified address,
/// `FEDERATED_USER_ID_ALREADY_LINKED`).
@Suite("Backend contract: Apple and a password account")
struct PasswordLinkingContractTests {
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

    @Test(
        "same email shared: Apple ends on the confirmed password account (Supabase links it; Firebase asks, the password links it)",
        arguments: BackendFlavor.withPasswords)
    func sameEmail(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let account = try await sut.confirmedPasswordAccount("ada@example.com", password: Self.password)
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com")
        let user: AuthUser
        if flavor.traits.linksSameEmailAutomatically {
            let signIn = try await sut.backend.signIn(with: apple)
            #expect(!signIn.isNewUser)
            user = signIn.user
        } else {
            let link = try await Self.refusal(of: apple, on: sut)
            #expect(link.email == "ada@example.com" && link.providers == [.emailCode])
            #expect(link.credential.provider == .apple && link.credential.pendingToken != nil)
            let backend = try #require(sut.backend as? any PasswordAuthBackend & AuthBackend)
            let outcome = try await PasswordAuthStrategy(backend: backend).signIn(
                with: .passwordLinking(email: "ada@example.com", password: Self.password, link: link))
            guard case .authenticated(let result) = outcome else {
                Issue.record("\(flavor): the password sign-in did not sign in")
                return
            }
            user = result.user
        }
        #expect(user.id == account.user.id && Set(user.providers) == [.emailCode, .apple])
        #expect(try await sut.passwordBackend.signIn(email: "ada@example.com", password: Self.password).user.id == account.user.id)
        let (again, _) = try await sut.appleCredential(appleID: "ada@example.com")
        #expect(try await sut.backend.signIn(with: again).user.id == account.user.id, "later Apple sign-ins land on the account")
    }

    @Test(
        "Hide My Email: the signed-in password user links Apple explicitly; a relay address alone is a new account",
        arguments: BackendFlavor.withPasswords)
    func hideMyEmail(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let account = try await sut.confirmedPasswordAccount("ada@example.com", password: Self.password)
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com", hideEmail: true)
        let linked = try await sut.backend.link(apple, accessToken: account.session.accessToken)
        #expect(linked.user.id == account.user.id && linked.user.email == "ada@example.com")
        #expect(Set(linked.user.providers) == [.emailCode, .apple])
        let (again, _) = try await sut.appleCredential(appleID: "ada@example.com", hideEmail: true)
        #expect(try await sut.backend.signIn(with: again).user.id == account.user.id)

        let (stranger, sheet) = try await sut.appleCredential(appleID: "grace@example.com", hideEmail: true)
        let relay = try #require(sheet.email)
        #expect(relay.hasSuffix("@privaterelay.appleid.com"))
        let alone = try await sut.backend.signIn(with: stranger)
        #expect(alone.isNewUser && alone.user.id != account.user.id && alone.user.email == relay)
        #expect(alone.user.providers == [.apple])
    }

    @Test(
        "an unconfirmed account: Apple's verified email takes it over (same id, only Apple) and its password stops working",
        arguments: BackendFlavor.withPasswords)
    func unconfirmed(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        let id: String? =
            switch try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: Self.password)) {
            case .signedIn(let signIn): signIn.user.id
            case .confirmationSent: nil
            }
        let (apple, _) = try await sut.appleCredential(appleID: "ada@example.com")
        let signIn = try await sut.backend.signIn(with: apple)
        #expect(signIn.user.providers == [.apple] && signIn.user.isEmailVerified && signIn.user.email == "ada@example.com")
        if let id { #expect(signIn.user.id == id, "the account keeps its id") }
        let oldPassword = { try await backend.signIn(email: "ada@example.com", password: Self.password) }
        await sut.expectFailure("invalidLoginCredentials", oldPassword) { $0 == .invalidLoginCredentials }
        #expect(await flavor.traits.userCount(in: sut.world.services) == 1)
    }

    @Test(
        "a taken identity: Apple already signs in to another account, so linking it to the password account is refused",
        arguments: BackendFlavor.withPasswords)
    func takenIdentity(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let (first, _) = try await sut.appleCredential(appleID: "grace@example.com", hideEmail: true)
        let other = try await sut.backend.signIn(with: first)
        let account = try await sut.confirmedPasswordAccount("ada@example.com", password: Self.password)
        let (apple, _) = try await sut.appleCredential(appleID: "grace@example.com", hideEmail: true)
        do {
            _ = try await sut.backend.link(apple, accessToken: account.session.accessToken)
            Issue.record("\(flavor): linking a taken Apple ID succeeded")
        } catch .credentialAlreadyInUse(let error, let recovery) {
            #expect(error.code.rawValue == flavor.traits.linkConflictCode)
            let recovered = try #require(recovery, "the credential to sign in to the other account instead")
            #expect((recovered.pendingToken != nil) == flavor.traits.recoversWithPendingToken)
            #expect(try await sut.backend.signIn(with: recovered).user.id == other.user.id)
        }
        #expect(other.user.id != account.user.id)
        let user = try await sut.backend.user(accessToken: account.session.accessToken)
        #expect(user.providers == [.emailCode], "the password account is unchanged")
    }
}

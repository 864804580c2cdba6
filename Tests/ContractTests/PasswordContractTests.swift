import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

/// Email + password accounts through ``PasswordAuthBackend``, after GoTrue
/// internal/api/signup.go (`Signup`, `sanitizeUser`), token.go (`ResourceOwnerPasswordGrant`),
/// verify.go (types `signup`, `recovery`), recover.go, user.go (`UserUpdate`) and
/// password.go (`checkPasswordStrength`, `weak_password` reasons); on Firebase after
/// firebase-tools src/emulator/auth/operations.ts (`signUp`, `signInWithPassword`,
/// `sendOobCode`, `resetPassword`, `setAccountInfo`).
@Suite("Backend contract: email + password")
struct PasswordContractTests {
    private static let password = Secret("correct horse 1")

    @Test("a sign-up waits for its confirmation; the mailed code confirms it and signs in", arguments: BackendFlavor.supabase)
    func signUpConfirmed(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        let signUp = PasswordSignUp(
            email: "ada@example.com", password: Self.password,
            name: PersonName(givenName: "Ada", familyName: "Lovelace"), metadata: ["team": "engines"])
        guard case .confirmationSent(let challenge) = try await backend.signUp(signUp) else {
            Issue.record("\(flavor): expected a sent confirmation")
            return
        }
        #expect(challenge.email == "ada@example.com")
        await sut.expectFailure("emailNotConfirmed", { try await backend.signIn(email: "ada@example.com", password: Self.password) }) {
            $0 == .emailNotConfirmed
        }
        let confirmed = try await backend.confirmSignUp(
            email: "ada@example.com", proof: .code(try await sut.latestCode(for: "ada@example.com")))
        #expect(confirmed.isNewUser && confirmed.user.isEmailVerified)
        #expect(confirmed.user.displayName == "Ada Lovelace")

        let signedIn = try await backend.signIn(email: "ada@example.com", password: Self.password)
        #expect(!signedIn.isNewUser && signedIn.user.id == confirmed.user.id)
    }

    @Test("with autoconfirm on, a sign-up ends in a session", arguments: BackendFlavor.withPasswords)
    func signUpAutoconfirmed(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let signIn = try await sut.signedUp("ada@example.com", password: Self.password)
        #expect(signIn.isNewUser && signIn.user.email == "ada@example.com")
        #expect(try await sut.backend.user(accessToken: signIn.session.accessToken).id == signIn.user.id)
    }

    @Test(
        "a sign-up for a confirmed address looks like any other and mails nothing (GoTrue sanitizeUser)",
        arguments: BackendFlavor.supabase)
    func signUpTaken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        _ = try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: Self.password))
        _ = try await backend.confirmSignUp(email: "ada@example.com", proof: .code(try await sut.latestCode(for: "ada@example.com")))
        let mails = await sut.world.services.mailbox.messages(for: "ada@example.com").count
        guard case .confirmationSent = try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: "another one 2")) else {
            Issue.record("\(flavor): a taken address must not be revealed")
            return
        }
        #expect(await sut.world.services.mailbox.messages(for: "ada@example.com").count == mails)
        await sut.expectFailure(
            "invalidLoginCredentials", { try await backend.signIn(email: "ada@example.com", password: "another one 2") }
        ) {
            $0 == .invalidLoginCredentials
        }
    }

    @Test("with autoconfirm on, a sign-up for a registered address is user_already_exists", arguments: BackendFlavor.withPasswords)
    func signUpTakenAutoconfirmed(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let backend = try sut.passwordBackend
        _ = try await sut.signedUp("ada@example.com", password: Self.password)
        await sut.expectFailure(
            "emailInUse", { try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: Self.password)) }
        ) {
            $0 == .emailInUse
        }
    }

    @Test("a wrong password and an unknown address get the same refusal", arguments: BackendFlavor.withPasswords)
    func wrongPassword(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let backend = try sut.passwordBackend
        _ = try await sut.signedUp("ada@example.com", password: Self.password)
        for (email, password) in [("ada@example.com", Secret("wrong password")), ("nobody@example.com", Self.password)] {
            await sut.expectFailure("invalidLoginCredentials", { try await backend.signIn(email: email, password: password) }) {
                $0 == .invalidLoginCredentials
            }
        }
    }

    @Test("a weak password is refused with GoTrue's reasons", arguments: BackendFlavor.withPasswords)
    func weakPassword(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        await sut.expectFailure(
            "weakPassword", { try await sut.passwordBackend.signUp(PasswordSignUp(email: "ada@example.com", password: "abc")) }
        ) {
            guard case .weakPassword(let reasons, let message) = $0 else { return false }
            return reasons == ["length"] && message.contains("at least 6 characters")
        }
    }

    @Test("recovery: the mailed code and a new password sign in; the old password stops working", arguments: BackendFlavor.withPasswords)
    func recovery(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let backend = try sut.passwordBackend
        let created = try await sut.signedUp("ada@example.com", password: Self.password)
        _ = try await backend.sendPasswordRecovery(to: "ada@example.com")
        let code = try await sut.latestCode(for: "ada@example.com")
        let wrong = PasswordReset(
            email: "ada@example.com", proof: .code(sut.flavor.traits.wrongCode(besides: code)), newPassword: "brand new 3")
        await sut.expectFailure("codeInvalid", { try await backend.resetPassword(wrong) }) { $0 == .codeInvalid }

        let reset = try await backend.resetPassword(
            PasswordReset(email: "ada@example.com", proof: .code(code), newPassword: "brand new 3"))
        #expect(reset.user.id == created.user.id && !reset.isNewUser)
        #expect(try await backend.signIn(email: "ada@example.com", password: "brand new 3").user.id == created.user.id)
        await sut.expectFailure("invalidLoginCredentials", { try await backend.signIn(email: "ada@example.com", password: Self.password) })
        {
            $0 == .invalidLoginCredentials
        }
    }

    @Test("recovery for an unknown address answers alike and mails nothing", arguments: BackendFlavor.withPasswords)
    func recoveryUnknown(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let challenge = try await sut.passwordBackend.sendPasswordRecovery(to: "nobody@example.com")
        #expect(challenge.email == "nobody@example.com")
        #expect(await sut.world.services.mailbox.messages(for: "nobody@example.com").isEmpty)
    }

    @Test("a signed-in user changes the password; the same one again is refused", arguments: BackendFlavor.withPasswords)
    func changePassword(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor, autoconfirm: true)
        let backend = try sut.passwordBackend
        let created = try await sut.signedUp("ada@example.com", password: Self.password)
        let token = created.session.accessToken
        let update = try await backend.changePassword(to: "brand new 3", nonce: nil, accessToken: token)
        #expect(update.user.id == created.user.id)
        #expect(try await backend.signIn(email: "ada@example.com", password: "brand new 3").user.id == created.user.id)
        // Firebase issues new tokens (accounts:update); GoTrue keeps the session and refuses the same password again.
        guard flavor.traits.service == .supabase else {
            #expect(update.session != nil)
            return
        }
        #expect(update.session == nil)
        let again = { try await backend.changePassword(to: "brand new 3", nonce: nil, accessToken: token) }
        await sut.expectFailure("same_password", again) {
            guard case .backend(let error) = $0 else { return false }
            return error.code == "same_password"
        }
    }
}

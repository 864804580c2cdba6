import AuthData
import AuthDomain
import AuthSimulation
import Testing

/// A change of address and a reauthenticated password change through ``PasswordAuthBackend``
/// and ``EmailChangeConfirming``, on the in-process engine and the REST adapter over the
/// emulator, after GoTrue internal/api/user.go (`UserUpdate`), mail.go (`sendEmailChange`),
/// verify.go (`emailChangeVerify`, `singleConfirmationAccepted`) and reauthenticate.go
/// (`verifyReauthentication`).
@Suite("Backend contract: email change and reauthentication")
struct EmailChangeContractTests {
    private static let password = Secret("correct horse 1")

    private func harness(_ flavor: BackendFlavor, _ change: (inout SupabaseSettings) -> Void = { _ in }) async throws -> BackendHarness {
        var settings = SupabaseSettings()
        settings.mailerAutoconfirm = false
        settings.rateLimits = nil
        change(&settings)
        return try await BackendHarness.make(flavor, supabase: settings) { $0.passwordHashCost = Bcrypt.minimumCost }
    }

    /// A confirmed password user, signed in.
    private func confirmedUser(_ sut: BackendHarness, _ email: String) async throws -> BackendSignIn {
        let backend = try sut.passwordBackend
        _ = try await backend.signUp(PasswordSignUp(email: email, password: Self.password))
        return try await backend.confirmSignUp(email: email, proof: .code(try await sut.latestCode(for: email)))
    }

    private func confirming(_ sut: BackendHarness) throws -> any EmailChangeConfirming {
        try #require(sut.backend as? any EmailChangeConfirming)
    }

    @Test("secure email change (GoTrue's default): both addresses get a code; the change waits for both", arguments: BackendFlavor.supabase)
    func secureChange(flavor: BackendFlavor) async throws {
        let sut = try await harness(flavor)
        let signedIn = try await confirmedUser(sut, "ada@example.com")
        let change = try await sut.passwordBackend.changeEmail(to: "countess@example.com", accessToken: signedIn.session.accessToken)
        #expect(change.pendingEmail == "countess@example.com" && change.user.email == "ada@example.com")
        let currentMail = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        let newMail = try #require(await sut.world.services.mailbox.latest(for: "countess@example.com"))
        #expect(currentMail.kind == "email_change" && newMail.kind == "email_change" && currentMail.code != newMail.code)
        #expect(newMail.link?.contains("type=email_change") == true)

        let confirm = try confirming(sut)
        await sut.expectFailure(
            "codeInvalid",
            {
                try await confirm.confirmEmailChange(email: "countess@example.com", proof: .code(Secret(currentMail.code)))
            }
        ) { $0 == .codeInvalid }
        let first = try await confirm.confirmEmailChange(email: "ada@example.com", proof: .code(Secret(currentMail.code)))
        #expect(first == .otherAddressPending)
        #expect(try await sut.backend.user(accessToken: signedIn.session.accessToken).email == "ada@example.com")
        await sut.expectFailure(
            "codeInvalid: a spent code",
            {
                try await confirm.confirmEmailChange(email: "ada@example.com", proof: .code(Secret(currentMail.code)))
            }
        ) { $0 == .codeInvalid }

        guard
            case .changed(let update) = try await confirm.confirmEmailChange(
                email: "countess@example.com", proof: .code(Secret(newMail.code)))
        else {
            Issue.record("\(flavor): the second code must change the address")
            return
        }
        #expect(update.user.id == signedIn.user.id && update.user.email == "countess@example.com" && update.session != nil)
        let again = try await sut.passwordBackend.signIn(email: "countess@example.com", password: Self.password)
        #expect(again.user.id == signedIn.user.id)
        await sut.expectFailure(
            "invalidLoginCredentials",
            {
                try await sut.passwordBackend.signIn(email: "ada@example.com", password: Self.password)
            }
        ) { $0 == .invalidLoginCredentials }
    }

    @Test(
        "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED=false: the new address alone gets a code, which changes it",
        arguments: BackendFlavor.supabase)
    func insecureChange(flavor: BackendFlavor) async throws {
        let sut = try await harness(flavor) { $0.secureEmailChangeEnabled = false }
        let signedIn = try await confirmedUser(sut, "ada@example.com")
        let before = await sut.world.services.mailbox.messages(for: "ada@example.com").count
        _ = try await sut.passwordBackend.changeEmail(to: "countess@example.com", accessToken: signedIn.session.accessToken)
        #expect(await sut.world.services.mailbox.messages(for: "ada@example.com").count == before)
        let code = try await sut.latestCode(for: "countess@example.com")
        let answer = try await confirming(sut).confirmEmailChange(email: "countess@example.com", proof: .code(code))
        guard case .changed(let update) = answer else {
            Issue.record("\(flavor): one code must change the address")
            return
        }
        #expect(update.user.email == "countess@example.com")
    }

    @Test("an address another user has is GoTrue's 422 email_exists, and nothing is mailed", arguments: BackendFlavor.supabase)
    func takenAddress(flavor: BackendFlavor) async throws {
        let sut = try await harness(flavor)
        let signedIn = try await confirmedUser(sut, "ada@example.com")
        _ = try await confirmedUser(sut, "taken@example.com")
        let mails = await sut.world.services.mailbox.messages(for: "taken@example.com").count
        // emailInUse, as Firebase's EMAIL_EXISTS is: the same situation, the same error on both.
        await sut.expectFailure(
            "emailInUse",
            {
                try await sut.passwordBackend.changeEmail(to: "Taken@Example.com", accessToken: signedIn.session.accessToken)
            }
        ) { $0 == .emailInUse }
        #expect(await sut.world.services.mailbox.messages(for: "taken@example.com").count == mails)
    }

    @Test(
        "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: a session older than 24 h needs the mailed nonce",
        arguments: BackendFlavor.supabase)
    func reauthenticatedPasswordChange(flavor: BackendFlavor) async throws {
        let sut = try await harness(flavor) { $0.updatePasswordRequireReauthentication = true }
        let backend = try sut.passwordBackend
        let signedIn = try await confirmedUser(sut, "ada@example.com")
        // A session signed in within 24 hours needs no nonce (user.go: session.CreatedAt + 24h).
        _ = try await backend.changePassword(to: "second one 2", nonce: nil, accessToken: signedIn.session.accessToken)

        sut.clock.advance(by: 25 * 3600)
        let refreshed = try await sut.backend.refreshSession(refreshToken: signedIn.session.refreshToken)
        let token = refreshed.accessToken
        await sut.expectFailure(
            "reauthenticationRequired",
            {
                try await backend.changePassword(to: "third one 3", nonce: nil, accessToken: token)
            }
        ) { $0 == .reauthenticationRequired }
        try await backend.requestReauthentication(accessToken: token)
        let nonce = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com"))
        #expect(nonce.kind == "reauthentication")
        let wrong = nonce.code == "000000" ? "111111" : "000000"
        await sut.expectFailure(
            "codeInvalid (reauthentication_not_valid)",
            {
                try await backend.changePassword(to: "third one 3", nonce: Secret(wrong), accessToken: token)
            }
        ) { $0 == .codeInvalid }
        _ = try await backend.changePassword(to: "third one 3", nonce: Secret(nonce.code), accessToken: token)
        #expect(try await backend.signIn(email: "ada@example.com", password: "third one 3").user.id == signedIn.user.id)
        await sut.expectFailure(
            "codeInvalid: the nonce is spent",
            {
                try await backend.changePassword(to: "fourth one 4", nonce: Secret(nonce.code), accessToken: token)
            }
        ) { $0 == .codeInvalid }
    }
}

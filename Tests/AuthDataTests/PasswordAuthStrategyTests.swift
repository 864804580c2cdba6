import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Logging
import Testing

/// The password strategy and account service in front of the in-process Supabase engine, after
/// GoTrue internal/api/signup.go, token.go, recover.go, verify.go, user.go and password.go.
@Suite("Password strategy")
struct PasswordAuthStrategyTests {
    private struct SUT {
        let world: TestWorld
        let backend: SupabaseAuthBackend
        let coordinator: AuthenticationCoordinator
        let account: PasswordAccountService
        let log: LogCapture
    }

    private func makeSUT(autoconfirm: Bool = true) async throws -> SUT {
        var configuration = SimulationConfiguration()
        configuration.passwordHashCost = Bcrypt.minimumCost
        configuration.supabase.mailerAutoconfirm = autoconfirm
        configuration.supabase.rateLimits = nil
        let world = try await TestWorld.make(configuration: configuration)
        let backend = SupabaseAuthBackend(engine: world.services.supabase)
        let log = LogCapture()
        let sessions = SessionManager(
            backend: backend, store: InMemorySessionStore(), clock: world.clock.clock, policy: .supabase, logger: log.logger)
        let coordinator = AuthenticationCoordinator(
            backend: backend, sessions: sessions, profileCache: InMemoryProfileCache(), logger: log.logger)
        await coordinator.register(PasswordAuthStrategy(backend: backend))
        return SUT(
            world: world, backend: backend, coordinator: coordinator,
            account: PasswordAccountService(backend: backend, sessions: sessions), log: log)
    }

    @Test("a sign-up without confirmation waits for the mail; the mailed code signs in through the email-code step")
    func signUpWaits() async throws {
        let sut = try await makeSUT(autoconfirm: false)
        await sut.coordinator.register(EmailCodeAuthStrategy(backend: sut.backend))
        let outcome = try await sut.coordinator.signIn(
            with: .passwordSignUp(PasswordSignUp(email: " Ada@Example.com ", password: "correct horse 1")))
        guard case .mailSent(let challenge, .signUpConfirmation) = outcome else {
            Issue.record("expected a sent confirmation, got \(outcome)")
            return
        }
        #expect(challenge.email == "ada@example.com")
        let code = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com")).code
        guard
            case .authenticated(let result) = try await sut.coordinator.signIn(
                with: .emailCode(email: "ada@example.com", code: Secret(code)))
        else {
            Issue.record("the confirmation code did not sign in")
            return
        }
        #expect(result.user.isEmailVerified)
    }

    @Test("sign-up, sign-in, recovery and reset through the coordinator; the session is kept")
    func wholeFlow() async throws {
        let sut = try await makeSUT()
        let signUp = PasswordSignUp(
            email: "ada@example.com", password: "correct horse 1", name: PersonName(givenName: "Ada", familyName: nil))
        guard case .authenticated(let created) = try await sut.coordinator.signIn(with: .passwordSignUp(signUp)) else {
            Issue.record("expected a session")
            return
        }
        #expect(created.isNewUser && created.credential.provider == .password && created.user.displayName == "Ada")
        guard case .mailSent(_, .passwordRecovery) = try await sut.coordinator.signIn(with: .passwordRecovery(email: "ada@example.com"))
        else {
            Issue.record("expected a recovery mail")
            return
        }
        let code = try #require(await sut.world.services.mailbox.latest(for: "ada@example.com")).code
        let reset = PasswordReset(email: "ada@example.com", proof: .code(Secret(" \(code) ")), newPassword: "brand new 3")
        guard case .authenticated(let recovered) = try await sut.coordinator.signIn(with: .passwordReset(reset)) else {
            Issue.record("the reset did not sign in")
            return
        }
        #expect(recovered.user.id == created.user.id)
        #expect(await sut.coordinator.sessions.stored?.user.id == created.user.id)
        guard case .authenticated = try await sut.coordinator.signIn(with: .password(email: "ADA@example.com", password: "brand new 3"))
        else {
            Issue.record("the new password did not sign in")
            return
        }
    }

    @Test("the account service changes the password of the signed-in user")
    func changePassword() async throws {
        let sut = try await makeSUT()
        await #expect(throws: AuthError.notSignedIn) { try await sut.account.changePassword(to: "brand new 3", nonce: nil) }
        _ = try await sut.coordinator.signIn(with: .passwordSignUp(PasswordSignUp(email: "ada@example.com", password: "correct horse 1")))
        try await sut.account.changePassword(to: "brand new 3", nonce: nil)
        _ = try await sut.backend.signIn(email: "ada@example.com", password: "brand new 3")
        await #expect(throws: AuthError.invalidLoginCredentials) {
            try await sut.backend.signIn(email: "ada@example.com", password: "correct horse 1")
        }
    }

    @Test(
        "bad input is refused with typed errors, never a crash, and no password reaches the log or an error",
        arguments: [
            (LoginCredential.password(email: "ada@example.com", password: ""), AuthError.invalidInput("the password is empty")),
            (
                .password(email: "ada@example.com", password: Secret(String(repeating: "p", count: 5000))),
                .invalidInput("the password is longer than 4096 bytes")
            ),
            (.password(email: "not an address", password: "correct horse 1"), .invalidEmail("not an address")),
            (.passwordSignUp(PasswordSignUp(email: "ada@", password: "correct horse 1")), .invalidEmail("ada@")),
            (.passwordReset(PasswordReset(email: "ada@example.com", proof: .code("  "), newPassword: "brand new 3")), .codeInvalid),
            (.passwordReset(PasswordReset(email: "ada@example.com", proof: .code("123456"), newPassword: "brand new 3")), .codeInvalid),
            (.password(email: "nobody@example.com", password: "correct horse 1"), .invalidLoginCredentials),
        ])
    func badInput(credential: LoginCredential, expected: AuthError) async throws {
        let sut = try await makeSUT()
        await #expect(throws: expected) { try await sut.coordinator.signIn(with: credential) }
        #expect(!sut.log.all.map { $0.message + $0.metadata }.joined().contains("correct horse"))
        #expect(!expected.description.contains("correct horse"))
    }

    @Test("a password over bcrypt's 72 bytes gets GoTrue's 400 validation_failed; one of multi-byte characters too")
    func overlong() async throws {
        let sut = try await makeSUT()
        for password in [String(repeating: "p", count: 73), String(repeating: "é", count: 40)] {
            do {
                _ = try await sut.coordinator.signIn(
                    with: .passwordSignUp(PasswordSignUp(email: "ada@example.com", password: Secret(password))))
                Issue.record("a \(password.utf8.count)-byte password was accepted")
            } catch {
                guard case .backend(let backend) = error else { throw error }
                #expect(backend.code == "validation_failed" && backend.status == 400 && !backend.message.contains(password))
            }
        }
    }
}

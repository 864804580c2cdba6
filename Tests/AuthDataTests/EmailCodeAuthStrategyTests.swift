import AuthData
import AuthDomain
import AuthTestSupport
import Testing

@Suite("Email-code strategy")
struct EmailCodeAuthStrategyTests {
    @Test("email codes go to the normalised address; verifying returns the session")
    func emailCode() async throws {
        let backend = StubBackend()
        let strategy = EmailCodeAuthStrategy(backend: backend)
        guard case .codeSent(let challenge) = try await strategy.signIn(with: .emailCodeRequest(email: "  Ada@Example.COM ")) else {
            Issue.record("no code sent")
            return
        }
        #expect(challenge.email == "ada@example.com")
        guard case .authenticated = try await strategy.signIn(with: .emailCode(email: "ada@example.com", code: " 123456 ")) else {
            Issue.record("not signed in")
            return
        }
        #expect(await backend.calls == [.sendEmailCode("ada@example.com"), .verifyEmailCode(code: "123456", email: "ada@example.com")])
    }

    @Test(
        "malformed addresses are refused before the backend is called",
        arguments: ["", "ada", "ada@", "@example.com", "a b@example.com", "ada@example", "ada@@example.com", "ada@example..com"])
    func malformedEmail(address: String) async {
        let backend = StubBackend()
        await #expect(throws: AuthError.invalidEmail(address)) {
            try await EmailCodeAuthStrategy(backend: backend).signIn(with: .emailCodeRequest(email: address))
        }
        #expect(await backend.calls.isEmpty)
    }

    @Test("an empty code is invalid without asking the backend")
    func emptyCode() async {
        let backend = StubBackend()
        await #expect(throws: AuthError.codeInvalid) {
            try await EmailCodeAuthStrategy(backend: backend).signIn(with: .emailCode(email: "ada@example.com", code: "  "))
        }
        #expect(await backend.calls.isEmpty)
    }
}

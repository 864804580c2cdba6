import AuthData
import AuthDomain
import AuthTestSupport
import Testing

@Suite("Google, anonymous and email-code strategies")
struct OtherStrategiesTests {
    @Test("Google gets the SHA-256 of the nonce; the backend gets the raw nonce and the access token")
    func googleNonce() async throws {
        let authorizer = StubGoogleAuthorizer(result: .success(StubGoogleAuthorizer.sample))
        let backend = StubBackend()
        let strategy = GoogleAuthStrategy(authorizer: authorizer, backend: backend, nonces: NonceGenerator(source: .live))
        _ = try await strategy.signIn(with: .social(.google))
        guard case .signIn(let sent)? = await backend.calls.first else { Issue.record("backend not called"); return }
        #expect(sent.provider == .google)
        #expect(sent.accessToken == "ya29.token")
        #expect(try #require(await authorizer.requests.first).nonce == NonceGenerator.sha256Hex(try #require(sent.rawNonce).revealed))
    }

    @Test("Google without nonces sends none on either side")
    func googleWithoutNonce() async throws {
        let authorizer = StubGoogleAuthorizer(result: .success(StubGoogleAuthorizer.sample))
        let backend = StubBackend()
        _ = try await GoogleAuthStrategy(authorizer: authorizer, backend: backend, nonces: nil).signIn(with: .social(.google))
        #expect(try #require(await authorizer.requests.first).nonce == nil)
        guard case .signIn(let sent)? = await backend.calls.first else { Issue.record("backend not called"); return }
        #expect(sent.rawNonce == nil)
    }

    @Test("a cancelled Google sheet is .cancelled")
    func googleCancelled() async {
        let backend = StubBackend()
        let strategy = GoogleAuthStrategy(authorizer: StubGoogleAuthorizer(result: .failure(.cancelled)), backend: backend, nonces: nil)
        await #expect(throws: AuthError.cancelled) { try await strategy.signIn(with: .social(.google)) }
    }

    @Test("anonymous sign-in creates a guest through the backend")
    func anonymous() async throws {
        let guest = AuthUser(id: "guest", email: nil, displayName: nil, isEmailVerified: false, isAnonymous: true, providers: [])
        let backend = StubBackend(user: guest)
        guard case .authenticated(let result) = try await AnonymousAuthStrategy(backend: backend).signIn(with: .anonymous) else {
            Issue.record("not signed in"); return
        }
        #expect(result.user.isAnonymous)
        #expect(await backend.calls == [.signInAnonymously])
    }

    @Test("email codes go to the normalised address; verifying returns the session")
    func emailCode() async throws {
        let backend = StubBackend()
        let strategy = EmailOTPAuthStrategy(backend: backend)
        guard case .codeSent(let challenge) = try await strategy.signIn(with: .emailOTP(email: "  Ada@Example.COM ")) else {
            Issue.record("no code sent"); return
        }
        #expect(challenge.email == "ada@example.com")
        guard case .authenticated = try await strategy.signIn(with: .emailCode(email: "ada@example.com", code: " 123456 ")) else {
            Issue.record("not signed in"); return
        }
        #expect(await backend.calls == [.sendEmailCode("ada@example.com"), .verifyEmailCode(code: "123456", email: "ada@example.com")])
    }

    @Test("malformed addresses are refused before the backend is called", arguments: ["", "ada", "ada@", "@example.com", "a b@example.com", "ada@example", "ada@@example.com", "ada@example..com"])
    func malformedEmail(address: String) async {
        let backend = StubBackend()
        await #expect(throws: AuthError.invalidEmail(address)) { try await EmailOTPAuthStrategy(backend: backend).signIn(with: .emailOTP(email: address)) }
        #expect(await backend.calls.isEmpty)
    }

    @Test("an empty code is invalid without asking the backend")
    func emptyCode() async {
        let backend = StubBackend()
        await #expect(throws: AuthError.codeInvalid) {
            try await EmailOTPAuthStrategy(backend: backend).signIn(with: .emailCode(email: "ada@example.com", code: "  "))
        }
        #expect(await backend.calls.isEmpty)
    }
}

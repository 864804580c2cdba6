import AuthData
import AuthDomain
import AuthTestSupport
import Testing

@Suite("Google strategy")
struct GoogleAuthStrategyTests {
    @Test("Google gets the SHA-256 of the nonce; the backend gets the raw nonce and the access token")
    func googleNonce() async throws {
        let authorizer = StubGoogleAuthorizer(result: .success(StubGoogleAuthorizer.sample))
        let backend = StubBackend()
        let strategy = GoogleAuthStrategy(authorizer: authorizer, backend: backend, nonces: NonceGenerator(source: .live))
        _ = try await strategy.signIn(with: .social(.google))
        guard case .signIn(let sent)? = await backend.calls.first else {
            Issue.record("backend not called")
            return
        }
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
        guard case .signIn(let sent)? = await backend.calls.first else {
            Issue.record("backend not called")
            return
        }
        #expect(sent.rawNonce == nil)
    }

    @Test("a cancelled Google sheet is .cancelled")
    func googleCancelled() async {
        let backend = StubBackend()
        let strategy = GoogleAuthStrategy(authorizer: StubGoogleAuthorizer(result: .failure(.cancelled)), backend: backend, nonces: nil)
        await #expect(throws: AuthError.cancelled) { try await strategy.signIn(with: .social(.google)) }
    }
}

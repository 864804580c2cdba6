import AuthData
import AuthDomain
import AuthTestSupport
import Testing

@Suite("Anonymous strategy")
struct AnonymousAuthStrategyTests {
    @Test("anonymous sign-in creates a guest through the backend")
    func anonymous() async throws {
        let guest = AuthUser(id: "guest", email: nil, displayName: nil, isEmailVerified: false, isAnonymous: true, providers: [])
        let backend = StubBackend(user: guest)
        guard case .authenticated(let result) = try await AnonymousAuthStrategy(backend: backend).signIn(with: .anonymous) else {
            Issue.record("not signed in")
            return
        }
        #expect(result.user.isAnonymous)
        #expect(await backend.calls == [.signInAnonymously])
    }
}

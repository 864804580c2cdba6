import AuthDomain
import Foundation
import Testing

/// The app's sign-in step: the terms gate before anything starts, then the destination.
@Suite("Login use case")
struct LoginUseCaseTests {
    /// A coordinator that records what reaches it and answers with a fixed outcome.
    private actor Coordinator: AuthenticationCoordinating {
        var received: [LoginCredential] = []
        let outcome: SignInOutcome

        init(outcome: SignInOutcome) { self.outcome = outcome }

        nonisolated var authStateChanges: AsyncStream<AuthStateEvent> { AsyncStream { $0.finish() } }
        func start() async -> InitialSession? { nil }
        func signIn(with credential: LoginCredential) async throws(AuthError) -> SignInOutcome {
            received.append(credential)
            return outcome
        }
        func signIn(recovering recovery: IDTokenCredential) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
        func link(_ provider: ProviderID) async throws(AuthError) -> AuthenticationResult { throw .notSignedIn }
        func unlink(_ provider: ProviderID) async throws(AuthError) -> AuthUser { throw .notSignedIn }
        func deleteAccount() async throws(AuthError) { throw .notSignedIn }
        func signOut(scope: SignOutScope) async throws(AuthError) {}
        func refreshSession() async throws(AuthError) -> AuthSession { throw .notSignedIn }
        func currentSession() async -> StoredSession? { nil }
        func currentUser() async -> AuthUser? { nil }
    }

    private struct Profiles: ProfileRepository {
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile { UserProfile(displayName: user.displayName, email: user.email) }
    }

    private static let user = AuthUser(id: "u1", email: "ada@example.com", displayName: "Ada", isEmailVerified: true, isAnonymous: false, providers: [.apple])
    private static let result = AuthenticationResult(
        user: user, credential: AuthCredential(provider: .apple, providerUserID: "001.abc"),
        session: AuthSession(accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 2_000_000_000), userID: "u1"),
        isNewUser: true)

    private func makeSUT(requiresTerms: Bool, outcome: SignInOutcome = .authenticated(result)) -> (LoginUseCase, Coordinator) {
        let coordinator = Coordinator(outcome: outcome)
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        return (LoginUseCase(coordinator: coordinator, router: router, requiresTermsAcceptance: requiresTerms), coordinator)
    }

    @Test("a signed-in result comes with the router's destination")
    func routed() async throws {
        let (sut, coordinator) = makeSUT(requiresTerms: false)
        #expect(try await sut.execute(with: .social(.apple)) == .signedIn(Self.result, destination: .main))
        #expect(await coordinator.received == [.social(.apple)])
    }

    @Test("when terms are required and not accepted, social, anonymous and code-sending sign-ins do not start",
          arguments: [LoginCredential.social(.apple), .social(.google), .anonymous, .emailOTP(email: "ada@example.com")])
    func termsGate(credential: LoginCredential) async throws {
        let (sut, coordinator) = makeSUT(requiresTerms: true)
        await #expect(throws: AuthError.termsNotAccepted) { try await sut.execute(with: credential, termsAccepted: false) }
        #expect(await coordinator.received.isEmpty)
        _ = try await sut.execute(with: credential, termsAccepted: true)
        #expect(await coordinator.received == [credential])
    }

    @Test("verifying a code continues a sign-in already started, so the gate does not stop it")
    func codeVerificationPassesGate() async throws {
        let (sut, coordinator) = makeSUT(requiresTerms: true)
        _ = try await sut.execute(with: .emailCode(email: "ada@example.com", code: "123456"), termsAccepted: false)
        #expect(await coordinator.received.count == 1)
    }

    @Test("a sent code is passed on without routing")
    func codeSent() async throws {
        let challenge = EmailCodeChallenge(email: "ada@example.com", sentAt: Date(timeIntervalSince1970: 0), resendAvailableAt: Date(timeIntervalSince1970: 60))
        let (sut, _) = makeSUT(requiresTerms: false, outcome: .codeSent(challenge))
        #expect(try await sut.execute(with: .emailOTP(email: "ada@example.com")) == .codeSent(challenge))
    }
}

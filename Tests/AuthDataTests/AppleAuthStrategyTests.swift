import AuthData
import AuthDomain
import AuthTestSupport
import Logging
import Testing

@Suite("Sign in with Apple strategy")
struct AppleAuthStrategyTests {
    private struct SUT {
        let strategy: AppleAuthStrategy
        let authorizer: StubAppleAuthorizer
        let backend: StubBackend
        let cache: InMemoryProfileCache
    }

    private func makeSUT(
        credential: Result<AppleIDCredential, AuthError> = .success(StubAppleAuthorizer.firstTime),
        user: AuthUser = StubBackend.sampleUser
    ) -> SUT {
        let authorizer = StubAppleAuthorizer(result: credential)
        let backend = StubBackend(user: user)
        let cache = InMemoryProfileCache()
        let strategy = AppleAuthStrategy(
            authorizer: authorizer, backend: backend, nonces: NonceGenerator(source: .live),
            profileCache: cache, tokenRevoker: nil, logger: Logger(label: "test"))
        return SUT(strategy: strategy, authorizer: authorizer, backend: backend, cache: cache)
    }

    private func authenticated(_ outcome: SignInOutcome) throws -> AuthenticationResult {
        guard case .authenticated(let result) = outcome else { throw AuthError.invalidInput("expected a sign-in") }
        return result
    }

    @Test("Apple gets the SHA-256 of the nonce, the backend the raw nonce, with name and email scopes")
    func nonceFlow() async throws {
        let sut = makeSUT()
        let result = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        let request = try #require(await sut.authorizer.requests.first)
        #expect(request.scopes == [.fullName, .email])
        guard case .signIn(let sent)? = await sut.backend.calls.first else {
            Issue.record("backend not called")
            return
        }
        let raw = try #require(sent.rawNonce)
        #expect(raw.revealed.count == 32)
        #expect(request.nonce == NonceGenerator.sha256Hex(raw.revealed))
        #expect(sent.idToken == "header.payload.signature")
        #expect(sent.provider == .apple)
        #expect(result.credential.rawNonce == raw)
        #expect(result.credential.authorizationCode == "c0de")
        #expect(result.credential.providerUserID == "001234.abcdef.1234")
    }

    @Test("each attempt uses a fresh nonce")
    func freshNonce() async throws {
        let sut = makeSUT()
        _ = try await sut.strategy.signIn(with: .social(.apple))
        _ = try await sut.strategy.signIn(with: .social(.apple))
        let nonces = await sut.authorizer.requests.map(\.nonce)
        #expect(nonces.count == 2 && nonces[0] != nonces[1])
    }

    @Test("the first sign-in writes Apple's name to the backend and the profile cache")
    func firstSignInCapturesProfile() async throws {
        let sut = makeSUT()
        let result = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        #expect(await sut.backend.calls.contains(.updateProfile(ProfileUpdate(name: PersonName(givenName: "Ada", familyName: "Lovelace")))))
        #expect(result.user.displayName == "Ada Lovelace")
        #expect(result.providerProfile.name?.formatted == "Ada Lovelace")
        #expect(result.providerProfile.email == "ada@example.com")
        let cached = await sut.cache.profile(forUserID: "user-1")
        #expect(cached?.name?.formatted == "Ada Lovelace")
        #expect(cached?.email == "ada@example.com")
    }

    @Test("a returning sign-in (no name from Apple) writes nothing")
    func returningSignIn() async throws {
        var named = StubBackend.sampleUser
        named.displayName = "Ada Lovelace"
        let sut = makeSUT(credential: .success(StubAppleAuthorizer.returning), user: named)
        let result = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        #expect(!(await sut.backend.calls.contains { if case .updateProfile = $0 { true } else { false } }))
        #expect(result.providerProfile.isEmpty)
        #expect(result.user.displayName == "Ada Lovelace")
    }

    @Test("a cached name the backend never received is written on a later sign-in")
    func retriesCachedName() async throws {
        let sut = makeSUT(credential: .success(StubAppleAuthorizer.returning))
        try await sut.cache.save(
            ProviderProfile(name: PersonName(givenName: "Ada", familyName: "Lovelace"), email: nil), forUserID: "user-1")
        let result = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        #expect(result.user.displayName == "Ada Lovelace")
        #expect(await sut.backend.calls.contains(.updateProfile(ProfileUpdate(name: PersonName(givenName: "Ada", familyName: "Lovelace")))))
    }

    @Test("a network failure while writing the name still signs in and keeps the name cached")
    func profileWriteFailsTransiently() async throws {
        let sut = makeSUT()
        await sut.backend.setUpdateProfileError(.network("offline"))
        let result = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        #expect(result.user.displayName == "Ada Lovelace")
        #expect(await sut.cache.profile(forUserID: "user-1")?.name?.givenName == "Ada")
    }

    @Test("a name the backend refuses (GoTrue user_metadata too large) does not lock the user out: signed in without it, not re-sent")
    func refusedNameDropped() async throws {
        let sut = makeSUT(credential: .success(StubAppleAuthorizer.returning))
        let name = PersonName(givenName: "Ada", familyName: "Lovelace")
        try await sut.cache.save(ProviderProfile(name: name, email: nil), forUserID: "user-1")
        let refusal = BackendError(code: "validation_failed", message: "user_metadata is too large", status: 422)
        await sut.backend.setUpdateProfileError(.backend(refusal))
        let result = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        #expect(result.user.displayName == nil)
        #expect(await sut.cache.profile(forUserID: "user-1")?.name == nil)
        _ = try authenticated(try await sut.strategy.signIn(with: .social(.apple)))
        let updates = await sut.backend.calls.filter { if case .updateProfile = $0 { true } else { false } }
        #expect(updates.count == 1, "the refused name is not re-sent")
    }

    @Test("no identity token: missingIdentityToken, and the backend is not called")
    func missingToken() async throws {
        var credential = StubAppleAuthorizer.firstTime
        credential.identityToken = nil
        let sut = makeSUT(credential: .success(credential))
        await #expect(throws: AuthError.missingIdentityToken) { try await sut.strategy.signIn(with: .social(.apple)) }
        #expect(await sut.backend.calls.isEmpty)
    }

    @Test("a cancelled sheet is .cancelled, and the backend is not called")
    func cancelled() async throws {
        let sut = makeSUT(credential: .failure(.cancelled))
        await #expect(throws: AuthError.cancelled) { try await sut.strategy.signIn(with: .social(.apple)) }
        #expect(await sut.backend.calls.isEmpty)
    }

    @Test("linking sends the Apple credential with the raw nonce to the backend's link")
    func link() async throws {
        let sut = makeSUT()
        let result = try await sut.strategy.link(toAccountWith: "access")
        guard case .link(let sent)? = await sut.backend.calls.first else {
            Issue.record("link not called")
            return
        }
        #expect(try #require(await sut.authorizer.requests.first).nonce == NonceGenerator.sha256Hex(try #require(sent.rawNonce).revealed))
        #expect(result.credential.provider == .apple)
    }
}

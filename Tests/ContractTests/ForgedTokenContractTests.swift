import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import CryptoExtras
import Testing

/// The forged-token matrix through the services: every forgery of a genuine Apple or Google
/// token is refused by every backend flavour (the Supabase-like and Firebase-like engines in
/// process, and the REST adapters over the emulator) with the domain error, and creates no user.
/// `TokenVerificationContractTests` already covers tampering, another app's client id, expiry,
/// an unknown kid, re-signing under a genuine kid, and the Apple nonce cases.
@Suite("Backend contract: forged identity tokens")
struct ForgedTokenContractTests {
    private func isInvalidToken(_ error: AuthError) -> Bool {
        if case .invalidIdentityToken = error { return true }
        return false
    }

    /// A harness and a genuine credential for the provider, before any sign-in.
    private func makeSUT(_ flavor: BackendFlavor, _ provider: ProviderID) async throws -> (BackendHarness, IDTokenCredential, ForgeryKit) {
        let sut = try await BackendHarness.make(flavor)
        let credential = provider == .apple ? try await sut.appleCredential().0 : try await sut.googleCredential()
        return (sut, credential, try ForgeryKit(provider: provider, keys: sut.world.services.keys))
    }

    @Test(
        "the genuine credential the forgeries start from signs in (control)", arguments: BackendFlavor.allCases,
        [ProviderID.apple, .google])
    func genuineControl(flavor: BackendFlavor, provider: ProviderID) async throws {
        let (sut, credential, _) = try await makeSUT(flavor, provider)
        #expect(try await sut.backend.signIn(with: credential).isNewUser)
        #expect(await sut.userCount() == 1)
    }

    @Test(
        "a forged token is refused as an invalid identity token and creates no user",
        arguments: BackendFlavor.allCases, ServiceForgery.allCases)
    func forgedAppleToken(flavor: BackendFlavor, forgery: ServiceForgery) async throws {
        let (sut, genuine, kit) = try await makeSUT(flavor, .apple)
        var credential = genuine
        credential.idToken = Secret(forgery.apply(to: genuine.idToken.revealed, kit: kit))
        await sut.expectFailure(
            "invalidIdentityToken for \(forgery)", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
        #expect(await sut.userCount() == 0)
    }

    @Test(
        "a forged Google token is refused as an invalid identity token and creates no user",
        arguments: BackendFlavor.allCases, ServiceForgery.allCases)
    func forgedGoogleToken(flavor: BackendFlavor, forgery: ServiceForgery) async throws {
        let (sut, genuine, kit) = try await makeSUT(flavor, .google)
        var credential = genuine
        credential.idToken = Secret(forgery.apply(to: genuine.idToken.revealed, kit: kit))
        await sut.expectFailure(
            "invalidIdentityToken for \(forgery)", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
        #expect(await sut.userCount() == 0)
    }

    @Test("Google: a raw nonce that does not hash to the token's nonce is refused", arguments: BackendFlavor.allCases)
    func googleNonceMismatch(flavor: BackendFlavor) async throws {
        let (sut, genuine, _) = try await makeSUT(flavor, .google)
        var credential = genuine
        credential.rawNonce = Secret(NonceGenerator(source: .live).make())
        await sut.expectFailure("nonceMismatch", { try await sut.backend.signIn(with: credential) }) { $0 == .nonceMismatch }
        #expect(await sut.userCount() == 0)
    }

    @Test("Google: a token nonce sent without its raw nonce is refused", arguments: BackendFlavor.allCases)
    func googleNonceMissingInRequest(flavor: BackendFlavor) async throws {
        let (sut, genuine, _) = try await makeSUT(flavor, .google)
        var credential = genuine
        credential.rawNonce = nil
        await sut.expectFailure("missingNonce", { try await sut.backend.signIn(with: credential) }) { $0 == .missingNonce }
        #expect(await sut.userCount() == 0)
    }

    @Test("Google: a raw nonce sent with a token that has none is refused", arguments: BackendFlavor.allCases)
    func googleNonceMissingInToken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let response = try await sut.world.services.google.signIn(
            GoogleSignInSheetRequest(clientID: sut.world.googleClientID, email: "grace@example.com"))
        let credential = IDTokenCredential(
            provider: .google, idToken: Secret(response.idToken), rawNonce: Secret("some-raw-nonce"),
            accessToken: Secret(response.accessToken))
        await sut.expectFailure("missingNonce", { try await sut.backend.signIn(with: credential) }) { $0 == .missingNonce }
        #expect(await sut.userCount() == 0)
    }

    @Test(
        "a token whose nonce claim is the raw nonce itself (not its hash) is a mismatch", arguments: BackendFlavor.allCases,
        [ProviderID.apple, .google])
    func unhashedNonceClaim(flavor: BackendFlavor, provider: ProviderID) async throws {
        let (sut, genuine, kit) = try await makeSUT(flavor, provider)
        var credential = genuine
        let raw = try #require(genuine.rawNonce?.revealed)
        credential.idToken = Secret(kit.resign(genuine.idToken.revealed, claims: { $0["nonce"] = .string(raw) }))
        await sut.expectFailure("nonceMismatch", { try await sut.backend.signIn(with: credential) }) { $0 == .nonceMismatch }
        #expect(await sut.userCount() == 0)
    }
}

extension BackendHarness {
    /// How many users the engine behind the backend holds.
    func userCount() async -> Int {
        await flavor.traits.userCount(in: world.services)
    }
}

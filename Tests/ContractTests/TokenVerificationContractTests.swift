import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Testing

@Suite("Backend contract: server-side verification of identity tokens")
struct TokenVerificationContractTests {
    private func isInvalidToken(_ error: AuthError) -> Bool {
        if case .invalidIdentityToken = error { return true }
        return false
    }

    @Test("a token whose claims were changed after signing is refused", arguments: BackendFlavor.allCases)
    func tampered(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        var (credential, _) = try await sut.appleCredential()
        credential.idToken = Secret(TokenForge.tamper(credential.idToken.revealed) { $0["email"] = .string("victim@example.com") })
        await sut.expectFailure("invalidIdentityToken", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
    }

    @Test("a token for another app's client id is refused", arguments: BackendFlavor.allCases)
    func wrongAudience(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (credential, _) = try await sut.appleCredential(clientID: "com.attacker.app")
        await sut.expectFailure("invalidIdentityToken", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
    }

    @Test("an expired token is refused", arguments: BackendFlavor.allCases)
    func expired(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (credential, _) = try await sut.appleCredential()
        sut.clock.advance(by: 86_400 + 120)
        await sut.expectFailure("invalidIdentityToken", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
    }

    @Test("a raw nonce that does not hash to the token's nonce is refused", arguments: BackendFlavor.allCases)
    func nonceMismatch(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        var (credential, _) = try await sut.appleCredential()
        credential.rawNonce = Secret(NonceGenerator(source: .live).make())
        await sut.expectFailure("nonceMismatch", { try await sut.backend.signIn(with: credential) }) { $0 == .nonceMismatch }
    }

    @Test("a token with a nonce sent without the raw nonce is refused", arguments: BackendFlavor.allCases)
    func nonceMissingInRequest(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        var (credential, _) = try await sut.appleCredential()
        credential.rawNonce = nil
        await sut.expectFailure("missingNonce", { try await sut.backend.signIn(with: credential) }) { $0 == .missingNonce }
    }

    @Test("a raw nonce sent with a token that has none is refused", arguments: BackendFlavor.allCases)
    func nonceMissingInToken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let response = try await sut.world.services.apple.authorize(
            AppleSheetRequest(clientID: sut.world.appleClientID, appleID: "ada@example.com"))
        let credential = IDTokenCredential(provider: .apple, idToken: Secret(response.identityToken), rawNonce: Secret("some-raw-nonce"))
        await sut.expectFailure("missingNonce", { try await sut.backend.signIn(with: credential) }) { $0 == .missingNonce }
    }

    @Test("a token naming a key id the provider never published is refused", arguments: BackendFlavor.allCases)
    func unknownKeyID(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        var (credential, _) = try await sut.appleCredential()
        credential.idToken = Secret(TokenForge.resign(credential.idToken.revealed, header: { $0["kid"] = .string("ATTACKER01") }))
        await sut.expectFailure("invalidIdentityToken", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
    }

    @Test("a token re-signed by another key under a genuine key id is refused", arguments: BackendFlavor.allCases)
    func resignedWithGenuineKeyID(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        var (credential, _) = try await sut.appleCredential()
        credential.idToken = Secret(TokenForge.resign(credential.idToken.revealed))
        await sut.expectFailure("invalidIdentityToken", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
    }

    @Test("an unsigned token (alg none) is refused", arguments: BackendFlavor.allCases)
    func algNone(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        var (credential, _) = try await sut.appleCredential()
        let (header, claims) = TokenForge.decode(credential.idToken.revealed)
        var none = header
        none["alg"] = .string("none")
        credential.idToken = Secret(TokenForge.assemble(header: none.jsonString, payload: claims.jsonString, signature: []) + "")
        await sut.expectFailure("invalidIdentityToken", { try await sut.backend.signIn(with: credential) }, matches: isInvalidToken)
    }

    @Test("tokens signed with a rotated-in key verify (the relying party refetches the JWKS once)", arguments: BackendFlavor.allCases)
    func keyRotation(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (before, _) = try await sut.appleCredential()
        _ = try await sut.backend.signIn(with: before)
        try await sut.world.services.apple.rotateKeys()
        sut.clock.advance(by: 120)
        let (after, _) = try await sut.appleCredential()
        #expect(try await sut.backend.signIn(with: after).user.email == "ada@example.com")
    }
}

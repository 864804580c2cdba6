import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// A browser sign-in whose provider answers its code exchange with a userinfo answer instead of
/// an `id_token` (an OAuth provider without OpenID Connect, as GoTrue's `provider/github.go`
/// reads `/user`), end to end in process on both engines. The provider is a throw-away one,
/// defined here only: its ``ProviderWebFlow/Door``, a client id and (for Supabase) the enabled
/// provider list; no verifier and no keys, since there is no ID token to check.
@Suite("Browser sign-in with a userinfo provider")
struct UserInfoProviderWebFlowTests {
    private static let provider = ProviderID(rawValue: "octocat.example")
    private static let clientID = "octocat-client"
    private static let base = "http://127.0.0.1:9999"
    private static let account = ProviderUserInfo(
        issuer: "https://api.octocat.example", subject: "583231", email: "Mona@Octocat.Example", emailVerified: true,
        name: "Mona Lisa Octocat", preferredUsername: "octocat", avatarURL: "https://avatars.octocat.example/u/583231")

    /// The throw-away provider: its sign-in page carries the relying party's state, and only the
    /// code `good` it issued for the relying party's client and redirect URI is exchanged.
    private static func door() -> ProviderWebFlow.Door {
        ProviderWebFlow.Door(
            answersWithIDToken: false,
            authorizationURL: { _, clientID, redirectURI, state, _ in
                URL(
                    string: "https://octocat.example/login/oauth/authorize?"
                        + FormEncoding.encode([("client_id", clientID), ("redirect_uri", redirectURI), ("state", state)]))
            }
        ) { code, clientID, _ throws(ProviderWebFlow.ExchangeFailure) in
            guard code == "good", clientID == Self.clientID else {
                throw ProviderWebFlow.ExchangeFailure(
                    error: "bad_verification_code", description: "The code passed is incorrect or expired.")
            }
            return ProviderWebFlow.Exchanged(
                answer: .userInfo(account), tokens: ProviderTokens(accessToken: "gho_test-access", refreshToken: nil))
        }
    }

    private static var webFlow: ProviderWebFlow { ProviderWebFlow(doors: [provider: door()]) }

    private func supabaseEngine(_ world: TestWorld) -> SupabaseEngine {
        var configuration = world.services.supabase.configuration
        configuration.clientIDs[Self.provider] = [Self.clientID]
        configuration.settings.enabledProviders.insert(Self.provider)
        return SupabaseEngine(
            configuration: configuration, clock: world.clock.clock, mailbox: world.services.mailbox, providerKeys: [:],
            storage: world.services.storage, webFlow: Self.webFlow)
    }

    private func firebaseEngine(_ world: TestWorld) -> FirebaseEngine {
        var configuration = world.services.firebase.configuration
        configuration.clientIDs[Self.provider] = [Self.clientID]
        return FirebaseEngine(
            configuration: configuration, clock: world.clock.clock, mailbox: world.services.mailbox, providerKeys: [:],
            storage: world.services.storage, webFlow: Self.webFlow)
    }

    /// GoTrue `internal/api/external.go` (`/authorize`, `/callback`), `internal/api/provider/github.go` (the userinfo claims).
    @Test("Supabase: /authorize, the code at /callback, PKCE: a user whose identity is the provider's userinfo answer")
    func supabase() async throws {
        let world = try await TestWorld.make()
        let engine = supabaseEngine(world)
        let pkce = PKCE.make(source: .live)
        let url = try await engine.authorize(
            provider: "octocat.example", referrers: ["http://127.0.0.1:5555/cb"], codeChallenge: pkce.challenge,
            codeChallengeMethod: "s256", scopes: nil, base: Self.base)
        #expect(url.host == "octocat.example")
        #expect(SupabaseBrowserFlowWorld.query(url.absoluteString, "redirect_uri") == Self.base + "/auth/v1/callback")
        let state = try #require(SupabaseBrowserFlowWorld.query(url.absoluteString, "state"))

        let (location, status) = await engine.callback(["state": state, "code": "good"], base: Self.base)
        #expect(status == 302)
        let code = try #require(SupabaseBrowserFlowWorld.query(location, "code"))
        let session = try await engine.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        #expect(session.user.email == "mona@octocat.example")
        #expect(session.providerToken == "gho_test-access")
        let identity = try #require(session.user.identities.first)
        #expect(identity.provider == "octocat.example")
        #expect(identity.id == "583231")
        #expect(identity.identityData["user_name"] == .string("octocat"))
        #expect(identity.identityData["iss"] == .string("https://api.octocat.example"))
        #expect(session.user.userMetadata["full_name"] == .string("Mona Lisa Octocat"))
    }

    @Test("Supabase: a code the provider refuses is a redirect with the exchange's error, and no user")
    func supabaseRefusedCode() async throws {
        let world = try await TestWorld.make()
        let engine = supabaseEngine(world)
        let url = try await engine.authorize(
            provider: "octocat.example", referrers: ["http://127.0.0.1:5555/cb"], codeChallenge: nil, codeChallengeMethod: nil,
            scopes: nil, base: Self.base)
        let state = try #require(SupabaseBrowserFlowWorld.query(url.absoluteString, "state"))
        let (location, _) = await engine.callback(["state": state, "code": "stale"], base: Self.base)
        #expect(location.contains("bad_verification_code"))
        #expect(!location.contains("access_token"))
    }

    /// Identity Toolkit `accounts:createAuthUri` and `accounts:signInWithIdp` with `sessionId` (Google's reference).
    @Test("Firebase: createAuthUri, then signInWithIdp with the code and sessionId: an account with the provider's user")
    func firebase() async throws {
        let world = try await TestWorld.make()
        let engine = firebaseEngine(world)
        let continueUri = "http://127.0.0.1:5555/__/auth/handler"
        let created = try engine.createAuthUri(providerId: "octocat.example", continueUri: continueUri, base: Self.base)
        let authUri = try #require(created.authUri)
        #expect(URL(string: authUri)?.host == "octocat.example")
        let state = try #require(SupabaseBrowserFlowWorld.query(authUri, "state"))

        let response = try await engine.signInWithIdp(
            FirebaseIdpRequest(
                requestUri: continueUri + "?code=good&state=" + state, postBody: nil, returnSecureToken: true, returnIdpCredential: nil,
                sessionId: created.sessionId))
        #expect(response.providerId == "octocat.example")
        #expect(response.federatedId == "583231")
        #expect(response.email == "mona@octocat.example")
        #expect(response.displayName == "Mona Lisa Octocat")
        #expect(response.oauthIdToken == nil, "no ID token came from the provider")
        #expect(response.idToken != nil && response.localId != nil)
        #expect(response.rawUserInfo?.contains("\"user_name\":\"octocat\"") == true)
    }

    @Test("a relying party without keys cannot use a door that answers with an ID token; it can use a userinfo door")
    func verifierRule() {
        let idTokenDoor = ProviderWebFlow.Door(answersWithIDToken: true, authorizationURL: { _, _, _, _, _ in nil }) { _, _, _ in
            ProviderWebFlow.Exchanged(answer: .idToken("x"), tokens: nil)
        }
        let flow = ProviderWebFlow(doors: [.apple: idTokenDoor, Self.provider: Self.door()])
        #expect(!flow.serves(.apple, verifiesIDTokens: false))
        #expect(flow.serves(.apple, verifiesIDTokens: true))
        #expect(flow.serves(Self.provider, verifiesIDTokens: false))
        #expect(!flow.serves(.google, verifiesIDTokens: true))
    }
}

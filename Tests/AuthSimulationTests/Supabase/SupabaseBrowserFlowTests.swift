import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// GoTrue's browser flow in the engine: `/authorize`, `/callback`, `grant_type=pkce`, flow
/// states and `redirect_to` checks, with GoTrue's codes (`api/external.go`, `api/token.go`
/// `PKCE`, `models/flow_state.go`, `utilities/request.go` `IsRedirectURLValid`).
@Suite("Supabase browser flow")
struct SupabaseBrowserFlowTests {
    private let base = "http://127.0.0.1:9999"

    private func makeSUT(_ settings: (inout SupabaseSettings) -> Void = { _ in }) async throws -> TestWorld {
        try await SupabaseBrowserFlowWorld.make(settings)
    }

    private func query(_ url: String, _ name: String) -> String? { SupabaseBrowserFlowWorld.query(url, name) }

    /// `/authorize` then the provider's answer at `/callback`; the location `/callback` sends the browser to.
    private func signIn(
        _ world: TestWorld, pkce: PKCE?, redirectTo: String = "http://127.0.0.1:5555/cb?state=s1", appleID: String = "ada@example.com"
    ) async throws -> String {
        let engine = world.services.supabase
        let url = try await engine.authorize(
            provider: "apple", referrers: [redirectTo], codeChallenge: pkce?.challenge,
            codeChallengeMethod: pkce.map { _ in "s256" }, scopes: nil, base: base)
        let state = try #require(query(url.absoluteString, "state"))
        #expect(query(url.absoluteString, "redirect_uri") == base + "/auth/v1/callback")
        let answer = try await world.services.apple.authorize(
            AppleSheetRequest(
                clientID: world.appleClientID, appleID: appleID, name: PersonName(givenName: "Ada", familyName: "Lovelace"),
                hideEmail: false, nonce: nil))
        let (location, status) = await engine.callback(
            ["state": state, "code": answer.authorizationCode, "user": #"{"name":{"firstName":"Ada","lastName":"Lovelace"}}"#], base: base)
        #expect(status == 302)
        return location
    }

    @Test("PKCE: the callback sends the auth code to redirect_to (its query kept); the code and the verifier give a session, once")
    func pkceRoundTrip() async throws {
        let world = try await makeSUT()
        let pkce = PKCE.make(source: .live)
        let location = try await signIn(world, pkce: pkce)
        #expect(location.hasPrefix("http://127.0.0.1:5555/cb?state=s1&code="))
        let code = try #require(query(location, "code"))
        let session = try await world.services.supabase.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        #expect(
            session.user.userMetadata["full_name"] == .string("Ada Lovelace"), "GoTrue apple.go ParseUser: the name from Apple's user field"
        )
        await #expect(
            throws: SupabaseFailure.api(status: 404, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found")
        ) {
            try await world.services.supabase.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        }
    }

    @Test("a wrong verifier is 400 bad_code_verifier and keeps the flow state for a retry")
    func wrongVerifier() async throws {
        let world = try await makeSUT()
        let pkce = PKCE.make(source: .live)
        let code = try #require(query(try await signIn(world, pkce: pkce), "code"))
        await #expect(
            throws: SupabaseFailure.api(
                status: 400, code: "bad_code_verifier", message: "code challenge does not match previously saved code verifier")
        ) {
            try await world.services.supabase.grantPKCE(authCode: code, codeVerifier: PKCE.make(source: .live).verifier.revealed)
        }
        _ = try await world.services.supabase.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
    }

    @Test("a flow state older than 300 s is 422 flow_state_expired; empty parameters are 400 validation_failed")
    func expiredAndEmpty() async throws {
        let world = try await makeSUT()
        let pkce = PKCE.make(source: .live)
        let code = try #require(query(try await signIn(world, pkce: pkce), "code"))
        world.clock.advance(by: 301)
        await #expect(
            throws: SupabaseFailure.api(status: 422, code: "flow_state_expired", message: "invalid flow state, flow state has expired")
        ) {
            try await world.services.supabase.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        }
        await #expect(throws: SupabaseFailure.validation("invalid request: both auth code and code verifier should be non-empty")) {
            try await world.services.supabase.grantPKCE(authCode: "", codeVerifier: pkce.verifier.revealed)
        }
    }

    @Test(
        """
        a callback with an unknown or malformed state goes to the site URL with bad_oauth_state (303); a used state is\
         flow_state_already_used
        """
    )
    func stateErrors() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        let (unknown, status) = await engine.callback(["state": UUID().uuidString, "code": "c"], base: base)
        #expect(status == 303)
        #expect(unknown.hasPrefix("http://127.0.0.1:3000?") && query(unknown, "error_code") == "bad_oauth_state")
        let (malformed, _) = await engine.callback(["state": "not-a-uuid", "code": "c"], base: base)
        #expect(query(malformed, "error_description") == "OAuth state parameter is invalid")
        let (missing, _) = await engine.callback(["code": "c"], base: base)
        #expect(query(missing, "error_code") == "bad_oauth_callback")

        let url = try await engine.authorize(
            provider: "apple", referrers: ["http://127.0.0.1:5555/cb"], codeChallenge: PKCE.make(source: .live).challenge,
            codeChallengeMethod: "s256", scopes: nil, base: base)
        let state = try #require(query(url.absoluteString, "state"))
        let answer = try await world.services.apple.authorize(
            AppleSheetRequest(clientID: world.appleClientID, appleID: "b@example.com", nonce: nil))
        _ = await engine.callback(["state": state, "code": answer.authorizationCode], base: base)
        let (used, _) = await engine.callback(["state": state, "code": answer.authorizationCode], base: base)
        #expect(query(used, "error_code") == "flow_state_already_used")
    }

    @Test("the provider's cancel reaches redirect_to as its error, in the query and the fragment")
    func providerCancel() async throws {
        let world = try await makeSUT()
        let url = try await world.services.supabase.authorize(
            provider: "google", referrers: ["http://127.0.0.1:5555/cb"], codeChallenge: nil,
            codeChallengeMethod: nil, scopes: nil, base: base)
        let state = try #require(query(url.absoluteString, "state"))
        let (location, _) = await world.services.supabase.callback(
            ["state": state, "error": "access_denied", "error_description": "denied"], base: base)
        #expect(location.hasPrefix("http://127.0.0.1:5555/cb?"))
        #expect(query(location, "error") == "access_denied")
        #expect(location.contains("#error=access_denied"))
    }

    @Test("redirect_to outside the allow list falls back to the site URL, silently, as GoTrue; an allow-list glob admits it")
    func allowList() async throws {
        let strict = try await makeSUT()
        let refused = try await signIn(strict, pkce: PKCE.make(source: .live), redirectTo: "https://app.example.com/auth/done")
        #expect(refused.hasPrefix("http://127.0.0.1:3000?code="))
        let allowing = try await makeSUT { $0.uriAllowList = ["https://app.example.com/**"] }
        let allowed = try await signIn(allowing, pkce: PKCE.make(source: .live), redirectTo: "https://app.example.com/auth/done")
        #expect(allowed.hasPrefix("https://app.example.com/auth/done?code="))
        #expect(SupabaseURIGlob("https://*.example.com/*").matches("https://app.example.com/cb"))
        #expect(!SupabaseURIGlob("https://*.example.com/*").matches("https://evil.com/x.example.com/cb"))
        #expect(!SupabaseURIGlob("myapp://cb").matches("myapp://cb?x=1"))
        #expect(SupabaseURIGlob("myapp://cb**").matches("myapp://cb?x=1"))
    }

    @Test("without a challenge (implicit flow) the session goes to redirect_to in the fragment")
    func implicit() async throws {
        let world = try await makeSUT()
        let location = try await signIn(world, pkce: nil)
        #expect(location.hasPrefix("http://127.0.0.1:5555/cb?state=s1#access_token="))
        #expect(location.contains("&refresh_token="))
    }

    @Test("an unknown provider and half a PKCE pair are 400 validation_failed")
    func badAuthorize() async throws {
        let engine = try await makeSUT().services.supabase
        await #expect(throws: SupabaseFailure.validation("Unsupported provider: Provider github could not be found")) {
            try await engine.authorize(
                provider: "github", referrers: [nil], codeChallenge: nil, codeChallengeMethod: nil, scopes: nil, base: base)
        }
        await #expect(throws: SupabaseFailure.validation("PKCE flow requires code_challenge_method and code_challenge")) {
            try await engine.authorize(
                provider: "apple", referrers: [nil], codeChallenge: String(repeating: "a", count: 43), codeChallengeMethod: nil,
                scopes: nil, base: base)
        }
    }
}

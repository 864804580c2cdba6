import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// The details of GoTrue's browser flow: the provider's tokens handed to the app (api/token.go
/// `PKCE`, api/external.go `internalExternalProviderCallback`), scopes (provider/google.go,
/// provider/apple.go), the `Referer` fallback (utilities/request.go `GetReferrer`), `/callback`'s
/// errors (api/external.go `getErrorQueryString`) and the flow state after one.
@Suite("Supabase browser flow details")
struct SupabaseBrowserFlowDetailsTests {
    private let base = "http://127.0.0.1:9999"
    private let app = "http://127.0.0.1:5555/cb"

    private func makeSUT(_ settings: (inout SupabaseSettings) -> Void = { _ in }) async throws -> TestWorld {
        try await SupabaseBrowserFlowWorld.make(settings)
    }

    private func query(_ url: String, _ name: String) -> String? { SupabaseBrowserFlowWorld.query(url, name) }

    private func fragment(_ url: String, _ name: String) -> String? {
        guard let hash = url.firstIndex(of: "#") else { return nil }
        return FormEncoding.decode(String(url[url.index(after: hash)...]))?[name]
    }

    /// `/authorize` for Apple; the `state` it gave the provider.
    private func authorizeApple(_ world: TestWorld, pkce: PKCE?, referrers: [String?], bearer: String? = nil) async throws -> String {
        let url = try await world.services.supabase.authorize(
            provider: "apple", referrers: referrers, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce.map { _ in "s256" },
            scopes: nil, base: base, linkingBearer: bearer)
        return try #require(query(url.absoluteString, "state"))
    }

    private func appleCode(_ world: TestWorld, _ appleID: String) async throws -> String {
        try await world.services.apple.authorize(AppleSheetRequest(clientID: world.appleClientID, appleID: appleID, nonce: nil))
            .authorizationCode
    }

    @Test("PKCE: the code exchange answers Apple's access and refresh tokens as provider_token and provider_refresh_token")
    func providerTokensPKCE() async throws {
        let world = try await makeSUT()
        let pkce = PKCE.make(source: .live)
        let state = try await authorizeApple(world, pkce: pkce, referrers: [app])
        let (location, _) = await world.services.supabase.callback(
            ["state": state, "code": try await appleCode(world, "ada@example.com")], base: base)
        let session = try await world.services.supabase.grantPKCE(authCode: query(location, "code"), codeVerifier: pkce.verifier.revealed)
        let refresh = try #require(session.providerRefreshToken)
        #expect(session.providerToken?.isEmpty == false)
        // The token is Apple's own: Apple's token endpoint refreshes with it.
        let secret = try ProviderWebFlow.appleClientSecret(
            keys: world.services.keys, clientID: world.appleClientID, clock: world.services.clock)
        let answer = try await world.services.apple.token(form: [
            "grant_type": "refresh_token", "refresh_token": refresh, "client_id": world.appleClientID, "client_secret": secret,
        ])
        #expect(answer["id_token"] != nil)
    }

    @Test("implicit: the fragment carries provider_token and provider_refresh_token, sorted as Go encodes them")
    func providerTokensImplicit() async throws {
        let world = try await makeSUT()
        let state = try await authorizeApple(world, pkce: nil, referrers: [app])
        let (location, _) = await world.services.supabase.callback(
            ["state": state, "code": try await appleCode(world, "bo@example.com")], base: base)
        #expect(fragment(location, "provider_token")?.isEmpty == false)
        #expect(fragment(location, "provider_refresh_token")?.isEmpty == false)
        #expect(
            location.contains("&provider_refresh_token=")
                && location.range(of: "provider_refresh_token")!.lowerBound < location.range(of: "&refresh_token=")!.lowerBound)
    }

    @Test("the session is made at the code exchange, not at /callback")
    func sessionAtExchange() async throws {
        let world = try await makeSUT()
        let pkce = PKCE.make(source: .live)
        let state = try await authorizeApple(world, pkce: pkce, referrers: [app])
        let (location, _) = await world.services.supabase.callback(
            ["state": state, "code": try await appleCode(world, "cy@example.com")], base: base)
        let userID = try #require(try world.services.supabase.inspect { store in store.rows.userID(email: "cy@example.com") })
        #expect(try world.services.supabase.inspect { store in store.rows.sessionIDs(userID: userID) }.isEmpty)
        _ = try await world.services.supabase.grantPKCE(authCode: query(location, "code"), codeVerifier: pkce.verifier.revealed)
        #expect(try world.services.supabase.inspect { store in store.rows.sessionIDs(userID: userID) }.count == 1)
    }

    @Test("Google: scopes are appended to email profile (split at commas); Apple: ignored, email name")
    func scopes() async throws {
        let engine = try await makeSUT().services.supabase
        let google = try await engine.authorize(
            provider: "google", referrers: [app], codeChallenge: nil, codeChallengeMethod: nil,
            scopes: "https://www.googleapis.com/auth/drive.readonly,openid", base: base)
        #expect(query(google.absoluteString, "scope") == "email profile https://www.googleapis.com/auth/drive.readonly openid")
        let plain = try await engine.authorize(
            provider: "google", referrers: [app], codeChallenge: nil, codeChallengeMethod: nil, scopes: nil, base: base)
        #expect(query(plain.absoluteString, "scope") == "email profile")
        let apple = try await engine.authorize(
            provider: "apple", referrers: [app], codeChallenge: nil, codeChallengeMethod: nil, scopes: "openid", base: base)
        #expect(query(apple.absoluteString, "scope") == "email name")
    }

    @Test("without redirect_to, an allowed Referer is where the flow ends; one not allowed falls back to the site URL")
    func refererFallback() async throws {
        let world = try await makeSUT { $0.uriAllowList = ["https://app.example.com/**"] }
        let state = try await authorizeApple(world, pkce: PKCE.make(source: .live), referrers: [nil, "https://app.example.com/login"])
        let (location, _) = await world.services.supabase.callback(
            ["state": state, "code": try await appleCode(world, "di@example.com")], base: base)
        #expect(location.hasPrefix("https://app.example.com/login?code="))
        let other = try await authorizeApple(world, pkce: PKCE.make(source: .live), referrers: [nil, "https://evil.example.net/"])
        let (fallback, _) = await world.services.supabase.callback(
            ["state": other, "code": try await appleCode(world, "di@example.com")], base: base)
        #expect(fallback.hasPrefix("http://127.0.0.1:3000?code="))
    }

    @Test("a provider error keeps the flow state: the provider may answer again and the sign-in finishes")
    func flowStateKeptAfterProviderError() async throws {
        let world = try await makeSUT()
        let pkce = PKCE.make(source: .live)
        let state = try await authorizeApple(world, pkce: pkce, referrers: [app])
        let (cancelled, _) = await world.services.supabase.callback(["state": state, "error": "user_cancelled_authorize"], base: base)
        #expect(query(cancelled, "error") == "user_cancelled_authorize")
        let (location, _) = await world.services.supabase.callback(
            ["state": state, "code": try await appleCode(world, "ed@example.com")], base: base)
        _ = try await world.services.supabase.grantPKCE(authCode: query(location, "code"), codeVerifier: pkce.verifier.revealed)
    }

    @Test("a /callback error whose status has no OAuth name carries error=server_error (422 identity_already_exists)")
    func serverErrorName() async throws {
        let world = try await makeSUT { $0.manualLinkingEnabled = true }
        let engine = world.services.supabase
        let first = try await authorizeApple(world, pkce: nil, referrers: [app])
        _ = await engine.callback(["state": first, "code": try await appleCode(world, "fay@example.com")], base: base)
        let guest = try await engine.signUpAnonymously(data: [:])
        let linking = try await authorizeApple(world, pkce: nil, referrers: [app], bearer: guest.accessToken)
        let (location, _) = await engine.callback(["state": linking, "code": try await appleCode(world, "fay@example.com")], base: base)
        #expect(query(location, "error_code") == "identity_already_exists")
        #expect(query(location, "error") == "server_error" && fragment(location, "error") == "server_error")
    }

    @Test("allow-list globs take character ranges, as gobwas/glob compiles GOTRUE_URI_ALLOW_LIST (utilities/request.go)")
    func globRanges() {
        #expect(SupabaseURIGlob("https://app[0-9].example.com/**").matches("https://app7.example.com/cb"))
        #expect(!SupabaseURIGlob("https://app[0-9].example.com/**").matches("https://appx.example.com/cb"))
        #expect(SupabaseURIGlob("https://[!a-c]pp.example.com/*").matches("https://zpp.example.com/cb"))
        #expect(!SupabaseURIGlob("https://[!a-c]pp.example.com/*").matches("https://app.example.com/cb"))
        #expect(SupabaseURIGlob("myapp://[a-z_]*").matches("myapp://login_cb"))
    }
}

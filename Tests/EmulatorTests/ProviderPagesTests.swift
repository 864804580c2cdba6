import AuthData
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

@testable import AuthEmulator

/// The simulated providers' web faces, in process (the browser tests drive them in Chromium).
@Suite("Provider web pages")
struct ProviderPagesTests {
    @Test("interpolated text is escaped in content and attributes; markup passes only as HTML")
    func escaping() {
        let value = "<script>alert('x')</script> & \"q\" \u{1B}[31m"
        let html: HTML = "<p title=\"\(value)\">\(value)</p>"
        #expect(
            html.text
                == """
                <p title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;\
                 \u{FFFD}[31m\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; \u{FFFD}[31m</p>
                """
        )
        let fragment: HTML = "<b>\(value)</b>"
        let outer: HTML = "<div>\(fragment)</div>"
        #expect(outer.text.hasPrefix("<div><b>&lt;script"))
    }

    @Test("a redirect URI must be on this machine: loopback or the emulator's own host")
    func redirectPolicy() {
        #expect(ProviderAuthorizeRequest.allowedRedirect("http://127.0.0.1:5555/callback", host: nil) != nil)
        #expect(ProviderAuthorizeRequest.allowedRedirect("http://localhost:8080/cb", host: nil) != nil)
        #expect(ProviderAuthorizeRequest.allowedRedirect("http://10.0.0.5:9999/auth/v1/callback", host: "10.0.0.5:9999") != nil)
        #expect(ProviderAuthorizeRequest.allowedRedirect("https://attacker.example/cb", host: "10.0.0.5:9999") == nil)
        #expect(ProviderAuthorizeRequest.allowedRedirect("http://127.0.0.1.attacker.example/cb", host: nil) == nil)
        #expect(ProviderAuthorizeRequest.allowedRedirect("javascript:alert(1)", host: nil) == nil)
        #expect(ProviderAuthorizeRequest.allowedRedirect("http://10.0.0.5:1/cb", host: "10.0.0.5:9999") == nil)
    }

    @Test("Google's token endpoint checks the PKCE verifier, the redirect URI and single use (RFC 7636 §4.6)")
    func googleCodeExchange() async throws {
        let world = try await TestWorld.make()
        let google = world.services.google
        let verifier = PKCE.make(source: .live)
        let request = GoogleAuthorizationRequest(
            clientID: world.googleClientID, redirectURI: "http://127.0.0.1:1/cb", email: "grace@gmail.com", name: nil, nonce: "n",
            codeChallenge: verifier.challenge, codeChallengeMethod: "S256")
        let form = { (code: String, verifier: String, redirect: String) in
            [
                "grant_type": "authorization_code", "code": code, "client_id": world.googleClientID, "redirect_uri": redirect,
                "code_verifier": verifier,
            ]
        }
        let first = try await google.authorize(request)
        await #expect(throws: OAuthProviderError.self) {
            try await google.token(form: form(first, "wrong-verifier", "http://127.0.0.1:1/cb"))
        }
        let second = try await google.authorize(request)
        await #expect(throws: OAuthProviderError(error: "redirect_uri_mismatch", errorDescription: "Bad Request")) {
            try await google.token(form: form(second, verifier.verifier.revealed, "http://127.0.0.1:2/cb"))
        }
        let third = try await google.authorize(request)
        let tokens = try await google.token(form: form(third, verifier.verifier.revealed, "http://127.0.0.1:1/cb"))
        #expect(tokens["id_token"]?.stringValue != nil)
        await #expect(throws: OAuthProviderError.self) {
            try await google.token(form: form(third, verifier.verifier.revealed, "http://127.0.0.1:1/cb"))
        }
    }
}

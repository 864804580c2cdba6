import AuthData
import AuthDomain
import Foundation
import Testing

/// What may reach a browser: http(s) URLs with a host as written, re-serialised from their parts.
@Suite("Browser URL check")
struct BrowserURLTests {
    @Test(
        "options, other schemes, backslashes, user information and encoded hosts are refused",
        arguments: [
            "--gpu-launcher=/bin/sh", "-new-instance", "-", "file:///etc/passwd", "javascript:alert(1)", "JavaScript:alert(1)",
            "data:text/html,x", "vbscript:x", "ftp://example.com/", "http://evil.com\\@127.0.0.1:5999/cb", "http:\\\\evil.com/",
            "https://user@example.com/", "https://a:b@example.com/", "https://evil%2Ecom/", "http:///path", "http://exa mple.com/",
            "https://example.com/\u{0}", "https://ex\u{0430}mple.com/", "https:example.com", "//example.com/x",
        ])
    func refused(text: String) {
        #expect(throws: AuthError.self) { _ = try BrowserURL.checked(text) }
    }

    @Test("an authorization URL comes back whole, rebuilt from its parts, scheme and host lowercased")
    func rebuilt() throws {
        let text = "HTTPS://AppleID.Example:8443/auth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A5%2Fcb&state=s#f"
        let url = try BrowserURL.checked(text)
        #expect(
            url.absoluteString
                == "https://appleid.example:8443/auth/authorize?client_id=c&redirect_uri=http%3A%2F%2F127.0.0.1%3A5%2Fcb&state=s#f")
        #expect(try BrowserURL.checked(URL(string: "http://127.0.0.1:9/")!).absoluteString == "http://127.0.0.1:9/")
    }

    @Test("the refusal never repeats the URL, which carries the state and the PKCE challenge")
    func refusalRedacted() {
        do {
            _ = try BrowserURL.checked("ftp://example.com/?state=secret-state&code_challenge=secret-challenge")
            Issue.record("must be refused")
        } catch {
            #expect(!"\(error)".contains("secret"))
        }
    }
}

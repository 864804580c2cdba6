import AuthTestSupport
import Foundation
import Testing

@testable import AuthEmulator

/// The simulated providers' `redirect_uri` check against URIs a parser and a browser read
/// differently: `http://evil.com\@127.0.0.1:5999/cb` passed as 127.0.0.1 and was written into
/// Apple's `form_post` form, whose `action` Chromium reads as evil.com. Apple's and Google's
/// pages only send codes to this machine (Apple "Sign in with Apple REST API", `redirect_uri`).
@Suite("Provider pages: redirect_uri bypasses")
struct ProviderRedirectBypassTests {
    private static let bypasses = [
        "http://evil.com\\@127.0.0.1:5999/cb", "http://evil.com%5C@127.0.0.1:5999/cb", "http://evil.com@127.0.0.1:5999/cb",
        "http://127.0.0.1:5999\\@evil.com/cb", "http:\\\\evil.com\\cb", "http://evil.com\\.127.0.0.1/cb", "http://127.0.0.1%2Eevil.com/cb",
        "http://0x7f000001:5999/cb", "http://2130706433:5999/cb", "http://127.1:5999/cb", "http://localhost%2Eevil.com/cb",
        "http://127.0.0.1\t.evil.com/cb", "javascript://127.0.0.1/%0aalert(1)", "file://127.0.0.1/etc/passwd", "//127.0.0.1:5999/cb",
        "-http://127.0.0.1:5999/cb", "http://[::1]@evil.com/cb",
    ]

    @Test("bypass strings are refused", arguments: bypasses)
    func refused(uri: String) {
        #expect(ProviderAuthorizeRequest.allowedRedirect(uri, host: "127.0.0.1:9999") == nil, "\(uri)")
    }

    @Test("an allowed redirect_uri is written back rebuilt from its parts")
    func rebuilt() {
        #expect(ProviderAuthorizeRequest.allowedRedirect("HTTP://LOCALHOST:5999/cb?x=1", host: nil) == "http://localhost:5999/cb?x=1")
        #expect(ProviderAuthorizeRequest.allowedRedirect("http://127.0.0.1:9999/auth/v1/callback", host: "127.0.0.1:9999") != nil)
    }

    @Test(
        "Apple's decision with a bypass redirect_uri is refused on Apple's own page: no form posts the ID token anywhere",
        arguments: ["http://evil.com\\@127.0.0.1:5999/cb", "http://evil.com%5C@127.0.0.1:5999/cb"])
    func appleDecisionRefused(uri: String) async throws {
        let sut = try await EmulatorHarness.make()
        let fields = [
            ("client_id", "com.example.authcoordinator"), ("redirect_uri", uri), ("response_type", "code id_token"),
            ("response_mode", "form_post"), ("scope", "name email"), ("state", "s"), ("apple_id", "ada@example.com"),
            ("decision", "continue"),
        ]
        let response = await sut.console("POST", "/appleid/auth/authorize/decision", form: fields, headers: ["host": "127.0.0.1:9999"])
        #expect(response.status == 400)
        #expect(!response.text.contains("evil.com"))
        #expect(!response.text.contains("id_token\" value"))
        let page = await sut.send(
            "GET",
            "/appleid/auth/authorize?client_id=com.example.authcoordinator&response_type=code&redirect_uri="
                + (uri.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""), headers: ["host": "127.0.0.1:9999"])
        #expect(page.status == 400)
    }

    @Test("fuzzed: no allowed redirect_uri sends the code to a host other than this machine's or the emulator's, as a browser reads it")
    func fuzzed() {
        var random = SeededRandom(seed: 0x5999)
        let pieces = [
            "evil.com", "127.0.0.1", "localhost", ":5999", ":9999", "@", "\\", "%5C", "%40", "%2E", ".", "/", "?", "#",
            "0x7f000001", "[::1]", "::1", "%00", "\t", " ", "user", ":", "a", "-",
        ]
        for _ in 0..<20_000 {
            let scheme = ["http://", "https://", "HTTP://", "http:\\\\", "//", "javascript://"][random.next(upTo: 6)]
            let uri = scheme + random.string(of: pieces, most: 5) + ["/cb", "", "?x=1", "#f"][random.next(upTo: 4)]
            guard let allowed = ProviderAuthorizeRequest.allowedRedirect(uri, host: "127.0.0.1:9999") else { continue }
            let host = BrowserHost.read(allowed)
            #expect(
                ["127.0.0.1", "localhost", "[::1]"].contains(host ?? ""), "\(uri.debugDescription) became \(allowed), to \(host ?? "?")")
            #expect(!allowed.contains("\\"), "\(allowed)")
        }
    }
}

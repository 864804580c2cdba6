import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// Bypasses of the `redirect_to` allow list (GoTrue `utilities/request.go` `IsRedirectURLValid`,
/// matched with `gobwas/glob`): a URL the glob matches but whose real host, as a browser reads it,
/// is another site. The emulator compares the host as written and refuses what a browser could
/// read differently, so the implicit flow's tokens never go to another host.
@Suite("Supabase redirect_to: allow-list bypasses")
struct SupabaseRedirectBypassTests {
    private static let site = "http://127.0.0.1:3000"
    private static let allowList = ["https://*.example.com/**", "http://localhost:3000/**", "com.example.app://login-callback"]

    private func target(_ redirect: String) -> String {
        SupabaseRedirects.target(redirect, siteURL: Self.site, allowList: Self.allowList)
    }

    @Test(
        "the reported bypasses and their kin fall back to the site URL",
        arguments: [
            "https://evil%2Ecom?.example.com/", "https://0x5db8d822?.example.com/", "https://evilcom?.example.com/",
            "https://evil.com#.example.com/", "https://evil.com\\.example.com/", "https://evil.com\\@app.example.com/",
            "https://evil.com%2F.example.com/", "https://evil%252Ecom?.example.com/", "https://user@evil.com?.example.com/",
            "https://app.example.com@evil.com/", "https://0x7f.1?.example.com/",
            "https://93.184.216.34?.example.com/", "https://2130706433?.example.com/", "https://evil.com:443?.example.com/",
            "https://evil.com\t.example.com/", "https://evil .example.com/", "https://ex%61mple.example.com/",
            "https://app.example.com.0x5db8d822/", "https://app.example.com.123/",
        ])
    func bypassRefused(redirect: String) {
        #expect(target(redirect) == Self.site, "\(redirect)")
    }

    @Test(
        "what the list allows is still allowed",
        arguments: [
            "https://app.example.com/auth/done", "https://a.example.com/", "https://a.example.com/cb?x=1#f",
            "http://localhost:3000/cb", "http://127.0.0.1:5555/callback", "com.example.app://login-callback",
        ])
    func allowedKept(redirect: String) {
        #expect(target(redirect) == redirect)
    }

    /// GoTrue `utilities/request.go` `IsRedirectURLValid`: `base.Hostname() == refurl.Hostname()`
    /// (Go keeps the host's case) and `gobwas/glob` matching the URL as written.
    @Test("hostnames compare in their own case, as GoTrue compares them: another case is not the site, nor a glob's host")
    func hostnameCase() {
        let site = "https://example.com"
        #expect(SupabaseRedirects.target("https://example.com/cb", siteURL: site) == "https://example.com/cb")
        #expect(SupabaseRedirects.target("https://EXAMPLE.com/cb", siteURL: site) == site)
        #expect(SupabaseRedirects.target("https://app.example.com/x", siteURL: site, allowList: ["https://App.example.com/**"]) == site)
        #expect(
            SupabaseRedirects.target("https://App.example.com/x", siteURL: site, allowList: ["https://App.example.com/**"])
                == "https://app.example.com/x", "accepted as written; returned rebuilt, the host lowercased")
        #expect(
            SupabaseRedirects.target("https://APP.example.com/x", siteURL: site, allowList: ["https://*.example.com/**"])
                == "https://app.example.com/x", "a glob's * takes letters of any case, as gobwas/glob does")
    }

    @Test("even with an allow-all list, schemes a browser runs or reads locally fall back to the site URL; the rest is rebuilt")
    func schemesAndRebuilding() {
        for redirect in [
            "javascript://app.example.com/%0Aalert(1)", "data://app.example.com/x", "file://app.example.com/etc/passwd",
            "JavaScript://x/%0Aalert(1)",
        ] {
            #expect(SupabaseRedirects.target(redirect, siteURL: Self.site, allowList: ["**"]) == Self.site, "\(redirect)")
        }
        let rebuilt = SupabaseRedirects.target("HTTPS://App.Example.com:8443/Cb?X=1#F", siteURL: Self.site, allowList: ["**"])
        #expect(rebuilt == "https://app.example.com:8443/Cb?X=1#F")
        #expect(target("http://127.0.0.1:5555/callback?state=s") == "http://127.0.0.1:5555/callback?state=s")
    }

    @Test("fuzzed: no accepted redirect_to names a host outside the allow list, as a browser reads it")
    func fuzzed() {
        var random = SeededRandom(seed: 0x2207)
        let pieces = [
            "evil", "com", ".", "%2E", "%2e", "?", "#", "@", "\\", "/", ":", "0x5db8d822", "0x7f", "127", "1",
            "app", "example", ".example.com", "%00", "%40", "[", "]", "::1", "%5C", "\t", "localhost", "3000", "a-b",
        ]
        for _ in 0..<20_000 {
            let middle = random.string(of: pieces, most: 6)
            let scheme = ["https://", "http://", "HTTPS://"][random.next(upTo: 3)]
            let tail = ["/", "/cb", "", "?x=1", "#t"][random.next(upTo: 5)]
            let redirect = scheme + middle + [".example.com", "?.example.com", "", "@app.example.com"][random.next(upTo: 4)] + tail
            let chosen = target(redirect)
            guard chosen != Self.site else { continue }
            let host = BrowserHost.read(chosen)
            let allowed = host.map { $0.hasSuffix(".example.com") || $0 == "localhost" || $0 == "127.0.0.1" || $0 == "[::1]" } ?? false
            #expect(allowed, "accepted \(redirect.debugDescription), which a browser sends to \(host ?? "?")")
        }
    }
}

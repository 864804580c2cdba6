import AuthData
import AuthDomain
import Foundation
import Testing

/// The decisions behind the `ASWebAuthenticationSession` adapter, which is not built on Linux
/// (codes from `ASWebAuthenticationSession.h`).
@Suite("Web authentication session mapping")
struct WebAuthenticationSessionMappingTests {
    private let domain = WebAuthenticationSessionMapping.errorDomain

    @Test("a redirect to the app's scheme is the answer")
    func redirect() throws {
        let url = try #require(URL(string: "com.example.app://login-callback?code=c&state=s"))
        #expect(try WebAuthenticationSessionMapping.redirect(callbackURL: url, error: nil, scheme: "com.example.app") == url)
    }

    @Test("the user's cancel (canceledLogin = 1) is a cancellation")
    func cancelled() {
        #expect(throws: AuthError.cancelled) {
            try WebAuthenticationSessionMapping.redirect(callbackURL: nil, error: (domain, 1, "cancelled"), scheme: "app")
        }
    }

    @Test("no presentation context (2, 3), a foreign error, or no URL is a failure, never a cancel")
    func failures() {
        for (errorDomain, code) in [(domain, 2), (domain, 3), ("NSURLErrorDomain", 1), (domain, 99)] {
            #expect(throws: AuthError.self) {
                try WebAuthenticationSessionMapping.redirect(callbackURL: nil, error: (errorDomain, code, "x"), scheme: "app")
            }
            #expect(
                (try? WebAuthenticationSessionMapping.redirect(callbackURL: nil, error: (errorDomain, code, "x"), scheme: "app")) == nil)
        }
        #expect(throws: AuthError.authorizationFailed("the browser sheet ended without a redirect")) {
            try WebAuthenticationSessionMapping.redirect(callbackURL: nil, error: nil, scheme: "app")
        }
    }

    @Test("a redirect to another scheme is refused")
    func otherScheme() throws {
        let url = try #require(URL(string: "https://evil.example/cb?code=c"))
        #expect(throws: AuthError.self) {
            try WebAuthenticationSessionMapping.redirect(callbackURL: url, error: nil, scheme: "com.example.app")
        }
    }
}

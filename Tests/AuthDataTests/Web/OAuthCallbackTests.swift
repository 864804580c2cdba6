import AuthData
import AuthDomain
import Foundation
import Testing

/// What a redirect back from the browser means.
@Suite("OAuth callback")
struct OAuthCallbackTests {
    private func callback(_ text: String) throws -> OAuthCallback {
        OAuthCallback(url: try #require(URL(string: text)))
    }

    @Test("query and fragment are read; the query wins a name in both")
    func parameters() throws {
        let answer = try callback("http://127.0.0.1:1/cb?code=abc&state=s1#access_token=t&state=other")
        #expect(answer["code"] == "abc")
        #expect(answer["access_token"] == "t")
        #expect(answer["state"] == "s1")
    }

    @Test("the state must be this sign-in's")
    func stateMismatch() throws {
        #expect(throws: Never.self) { try callback("http://127.0.0.1:1/cb?code=a&state=s1").check(expectedState: "s1") }
        #expect(throws: AuthError.invalidCredential("the redirect's state does not match this sign-in")) {
            try callback("http://127.0.0.1:1/cb?code=a&state=s2").check(expectedState: "s1")
        }
        #expect(throws: AuthError.self) { try callback("http://127.0.0.1:1/cb?code=a").check(expectedState: "s1") }
    }

    @Test(
        "the provider's cancel is a cancellation: Apple's user_cancelled_authorize, OAuth's access_denied",
        arguments: ["error=user_cancelled_authorize&state=s", "error=access_denied&error_description=The+user+denied&state=s"])
    func cancelled(query: String) throws {
        #expect(throws: AuthError.cancelled) { try callback("http://127.0.0.1:1/cb?" + query).check(expectedState: "s") }
    }

    @Test("a backend's refusal with an error code is not a cancel (GoTrue api/errors.go redirect mapping)")
    func backendRefusal() throws {
        #expect(throws: AuthError.accountDisabled) {
            try callback("http://127.0.0.1:1/cb?state=s&error=access_denied&error_code=user_banned&error_description=User+is+banned")
                .check(expectedState: "s")
        }
        #expect(throws: AuthError.backend(BackendError(code: "provider_email_needs_verification", message: "Unverified email"))) {
            try callback(
                """
                http://127.0.0.1:1/cb?state=s#error=access_denied&error_code=provider_email_needs_verification&error_description=Unveri\
                fied+email
                """
            )
            .check(expectedState: "s")
        }
        #expect(throws: AuthError.backend(BackendError(code: "invalid_request", message: "bad"))) {
            try callback("http://127.0.0.1:1/cb?error=invalid_request&error_description=bad&state=s").check(expectedState: "s")
        }
    }

    @Test("the state is checked before the error: another sign-in's error or cancel is a state mismatch, never read")
    func stateBeforeError() throws {
        let mismatch = AuthError.invalidCredential("the redirect's state does not match this sign-in")
        for query in ["error=access_denied&state=other", "error=user_cancelled_authorize", "error=server_error&error_description=Phish"] {
            #expect(throws: mismatch) { try callback("http://127.0.0.1:1/cb?" + query).check(expectedState: "s") }
        }
    }
}

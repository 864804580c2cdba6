import AuthDomain
import AuthPresentation
import AuthTestSupport
import Foundation
import Testing

/// Sign-in links from an email, opened by the app: Firebase's email-link shape
/// (firebase-tools `src/emulator/auth/operations.ts`: `sendOobCode` with `EMAIL_SIGNIN` sets
/// mode `signIn`, `createOobRecord` puts `mode` and `oobCode` in the link's query) and a
/// Supabase template carrying `{{ .Email }}` and `{{ .Token }}` (GoTrue `internal/mailer/templatemailer/templatemailer.go`).
@MainActor
@Suite("Email sign-in links")
struct EmailSignInLinkTests {
    @Test("Firebase: mode=signIn and oobCode")
    func firebase() throws {
        let action = "https://example.firebaseapp.com/__/auth/action"
        let url = try #require(URL(string: action + "?apiKey=k&mode=signIn&oobCode=AbC-123_x&lang=en"))
        let link = try #require(EmailSignInLink(url: url))
        #expect(link.code.revealed == "AbC-123_x" && link.email == nil)
    }

    @Test("Supabase template: email and token")
    func supabase() throws {
        let url = try #require(URL(string: "authexample://login-link?email=ada%40example.com&token=123456"))
        let link = try #require(EmailSignInLink(url: url))
        #expect(link.code.revealed == "123456" && link.email == "ada@example.com")
    }

    @Test(
        "links without a code, another mode's oobCode, or past the bounds are not sign-in links",
        arguments: [
            "authexample://login-callback?code=abc&state=s", "https://example.com/?mode=resetPassword&oobCode=x",
            "authexample://login-link?email=a%40b.c", "authexample://login-link?token=has%20space",
            "authexample://login-link?token=" + String(repeating: "a", count: 513),
            "authexample://login-link?token=1&email=" + String(repeating: "a", count: 255),
        ])
    func rejected(_ text: String) throws {
        #expect(EmailSignInLink(url: try #require(URL(string: text))) == nil)
    }

    @Test("opening a link verifies its code for its address, or for the address the code went to")
    func opens() async throws {
        let coordinator = StubCoordinator(outcome: .failure(.codeExpired))
        let model = LoginViewModel(login: unroutedLogin(coordinator))
        let firebaseURL = try #require(URL(string: "x://l?mode=signIn&oobCode=oob1"))
        await model.open(try #require(EmailSignInLink(url: firebaseURL)))
        #expect(await coordinator.received.isEmpty)
        let supabaseURL = try #require(URL(string: "x://l?email=ada%40example.com&token=654321"))
        await model.open(try #require(EmailSignInLink(url: supabaseURL)))
        #expect(await coordinator.received == [.emailCode(email: "ada@example.com", code: Secret("654321"))])
        #expect(model.state == .error("That code has expired, please request a new one"))
        #expect(model.pendingCodeEmail == "ada@example.com")
    }
}

import AuthDomain
import Foundation
import Testing

@testable import AuthData

/// Another local process attacking a pending loopback sign-in (RFC 8252 §8.1: any process on
/// the machine can reach the port): forged answers with another or no `state` get 400, are never
/// read further, and the wait goes on for the sign-in's own answer.
@Suite("Loopback listener under attack", .timeLimit(.minutes(5)))
struct LoopbackListenerAttackTests {
    private typealias Send = LoopbackRedirectListenerTests

    @Test("a forged error, cancel or code without this sign-in's state does not end it; its own answer does")
    func forgedAnswersIgnored() async throws {
        // 60 s: seven requests in turn once took over 20 s under Thread Sanitizer with the whole
        // suite running. The sign-in ends at its own answer, long before on a quiet machine.
        let attempt = try await LoopbackRedirectListener(timeout: .seconds(60)) { _ in }.begin()
        let redirect = attempt.redirectURI.absoluteString
        let attacker = Task { () -> [Int] in
            let forged = [
                "?error=access_denied&error_description=Call+0800+to+restore+your+account&state=guess",
                "?error=user_cancelled_authorize", "?error=server_error&error_description=Phish",
                "?code=attackers-code&state=", "?code=attackers-code&state=s1x",
            ]
            var statuses: [Int] = []
            for query in forged { statuses.append(try await Send.send("GET", URL(string: redirect + query)!).status) }
            statuses.append(try await Send.send("POST", URL(string: redirect)!, form: "code=attackers-code&state=guess").status)
            _ = try await Send.send("GET", URL(string: redirect + "?code=victims-code&state=s1")!)
            return statuses
        }
        let url = try await attempt.complete(opening: URL(string: "https://appleid.example/auth/authorize")!, expectedState: "s1")
        let statuses = try await attacker.value
        #expect(statuses == Array(repeating: 400, count: 6))
        #expect(OAuthCallback(url: url)["code"] == "victims-code")
    }

    @Test("forged answers only: the wait ends at its deadline as a timeout, never as a cancel or the attacker's message")
    func forgedAnswersUntilDeadline() async throws {
        let attempt = try await LoopbackRedirectListener(timeout: .seconds(2)) { _ in }.begin()
        let redirect = attempt.redirectURI.absoluteString
        let attacker = Task { _ = try? await Send.send("GET", URL(string: redirect + "?error=access_denied&error_description=Phish")!) }
        do {
            _ = try await attempt.complete(opening: attempt.redirectURI, expectedState: "s1")
            Issue.record("no answer carried the state")
        } catch {
            guard case .network(let reason) = error else {
                Issue.record("not a timeout: \(error)")
                return
            }
            #expect(reason.contains("timed out after"))
            #expect(!reason.contains("Phish"))
        }
        await attacker.value
    }

    @Test(
        "a URL no browser should get is refused before anything opens it",
        arguments: [
            "--gpu-launcher=/bin/sh", "-new-instance", "file:///etc/passwd", "javascript:alert(1)",
            "http://evil.example\\@127.0.0.1/", "https://user:pass@example.com/", "data:text/html,hi", "https://exa%6Dple.com/",
        ])
    func uncheckedURLRefused(text: String) async throws {
        let opened = OpenedURL()
        let attempt = try await LoopbackRedirectListener(timeout: .seconds(5)) { url in opened.set(url) }.begin()
        let url = try #require(URL(string: text) ?? URL(string: text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""))
        await #expect(throws: AuthError.self) { _ = try await attempt.complete(opening: url, expectedState: "s") }
        #expect(opened.url == nil)
    }
}

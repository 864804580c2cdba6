import AuthDomain
import Foundation
import Testing

@testable import AuthData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback redirect of RFC 8252 §7.3, over real sockets on 127.0.0.1: one redirect, then
/// closed; everything bounded in time.
@Suite("Loopback redirect listener", .timeLimit(.minutes(5)))
struct LoopbackRedirectListenerTests {
    /// Sends a request to the listener from a plain URLSession, as a browser would.
    static func send(_ method: String, _ url: URL, form: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        if let form {
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("binds 127.0.0.1 on a free port; a GET redirect comes back with its query; other paths get 404 and the wait goes on")
    func getRedirect() async throws {
        let opened = OpenedURL()
        let listener = LoopbackRedirectListener(timeout: .seconds(60)) { url in opened.set(url) }
        let attempt = try await listener.begin()
        #expect(attempt.redirectURI.host == "127.0.0.1")
        #expect(attempt.redirectURI.path == "/callback")
        #expect((attempt.redirectURI.port ?? 0) > 0)
        let redirect = attempt.redirectURI
        let visitor = Task {
            let favicon = try await Self.send("GET", URL(string: "http://127.0.0.1:\(redirect.port!)/favicon.ico")!)
            #expect(favicon.status == 404)
            let page = try await Self.send("GET", URL(string: redirect.absoluteString + "?code=c1&state=s1")!)
            #expect(page.status == 200)
            #expect(page.body.contains("return to the app"))
        }
        let url = try await attempt.complete(opening: URL(string: "https://appleid.example/auth/authorize?x=1")!, expectedState: "s1")
        try await visitor.value
        #expect(opened.url?.absoluteString == "https://appleid.example/auth/authorize?x=1")
        let callback = OAuthCallback(url: url)
        #expect(callback["code"] == "c1" && callback["state"] == "s1")
    }

    @Test("a form_post redirect (Apple's response_mode) comes back with its fields as query items")
    func formPost() async throws {
        let listener = LoopbackRedirectListener(timeout: .seconds(60)) { _ in }
        let attempt = try await listener.begin()
        let redirect = attempt.redirectURI
        let user = #"{"name":{"firstName":"Ada","lastName":"Lovelace"},"email":"ada@example.com"}"#
        let form = "code=c2&state=s2&user=" + (user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let visitor = Task { _ = try await Self.send("POST", redirect, form: form) }
        let url = try await attempt.complete(opening: redirect, expectedState: "s2")
        try await visitor.value
        let callback = OAuthCallback(url: url)
        #expect(callback["code"] == "c2")
        #expect(callback["user"] == user)
    }

    @Test("after the redirect the port is closed")
    func closedAfterward() async throws {
        let attempt = try await LoopbackRedirectListener(timeout: .seconds(60)) { _ in }.begin()
        let redirect = attempt.redirectURI
        let visitor = Task { _ = try await Self.send("GET", URL(string: redirect.absoluteString + "?state=s")!) }
        _ = try await attempt.complete(opening: redirect, expectedState: "s")
        try await visitor.value
        await #expect(throws: (any Error).self) { _ = try await Self.send("GET", redirect) }
    }

    @Test("no redirect within the timeout: a network error that says it timed out")
    func timeout() async throws {
        let attempt = try await LoopbackRedirectListener(timeout: .milliseconds(300)) { _ in }.begin()
        do {
            _ = try await attempt.complete(opening: attempt.redirectURI, expectedState: "s")
            Issue.record("the wait must end")
        } catch {
            guard case .network(let reason) = error else {
                Issue.record("not a network error: \(error)")
                return
            }
            #expect(reason.contains("timed out after"))
        }
    }

    @Test("cancelling the waiting task ends the wait as cancelled")
    func cancellation() async throws {
        let attempt = try await LoopbackRedirectListener(timeout: .seconds(90)) { _ in }.begin()
        let waiting = Task { try await attempt.complete(opening: attempt.redirectURI, expectedState: "s") }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()
        await #expect(throws: AuthError.cancelled) { _ = try await waiting.value }
    }

    @Test("a request head over 16 KiB is dropped without ending the wait")
    func oversizedRequest() async throws {
        let attempt = try await LoopbackRedirectListener(timeout: .seconds(60)) { _ in }.begin()
        let redirect = attempt.redirectURI
        let visitor = Task {
            _ = try? await Self.send("GET", URL(string: redirect.absoluteString + "?pad=" + String(repeating: "a", count: 20_000))!)
            _ = try await Self.send("GET", URL(string: redirect.absoluteString + "?code=ok&state=s")!)
        }
        let url = try await attempt.complete(opening: redirect, expectedState: "s")
        try await visitor.value
        #expect(OAuthCallback(url: url)["code"] == "ok")
    }
}

/// The URL the listener handed to the "browser".
final class OpenedURL: Sendable {
    private let value = Locked<URL?>(nil)
    var url: URL? { value.current }
    func set(_ url: URL) { value.withLock { $0 = url } }
}

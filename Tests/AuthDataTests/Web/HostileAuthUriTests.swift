import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// A hostile server answering `createAuthUri` (Identity Toolkit `accounts:createAuthUri`) over
/// real loopback HTTP: its `authUri` is a browser option, a `file:` or a `javascript:` URL. The
/// Firebase browser sign-in refuses it as `INVALID_RESPONSE` and nothing opens it.
@Suite("Firebase browser sign-in: a hostile createAuthUri answer", .timeLimit(.minutes(5)))
struct HostileAuthUriTests {
    @Test(
        "an authUri that is not an http(s) URL never reaches the browser",
        arguments: [
            "--gpu-launcher=/bin/sh -c id", "-new-instance", "file:///etc/passwd", "javascript:alert(document.cookie)",
            "JAVASCRIPT:alert(1)", "data:text/html,<script>alert(1)</script>", "http://evil.example\\@127.0.0.1/", "ftp://127.0.0.1/x",
        ])
    func refused(authUri: String) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["authUri": authUri, "providerId": "apple.com", "sessionId": "session-1"])
        let server = try LoopbackHTTPServer { _, connection in
            try connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: String(decoding: body, as: UTF8.self))
        }
        defer { server.stop() }
        let configuration = FirebaseConfiguration(apiKey: "k", projectID: "demo-project", emulatorHost: "127.0.0.1:\(server.port)")
        let backend = FirebaseAuthBackend(configuration: configuration, transport: .urlSession(), clock: .live)
        let opened = OpenedURL()
        let listener = LoopbackRedirectListener(timeout: .seconds(5)) { url in opened.set(url) }
        let strategy = WebRedirectAuthStrategy(
            provider: .apple, session: listener, backend: backend, random: .live, profileCache: InMemoryProfileCache(),
            logger: Logger(label: "test"))
        do {
            _ = try await strategy.signIn(with: .social(.apple))
            Issue.record("the sign-in must fail")
        } catch {
            guard case .backend(let failure) = error else {
                Issue.record("not a backend error: \(error)")
                return
            }
            #expect(failure.code == "INVALID_RESPONSE")
        }
        #expect(opened.url == nil)
        #expect(server.requests.count == 1, "only createAuthUri was asked")
    }
}

import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// `HTTPTransport.urlSession` against real loopback servers that redirect: a request's
/// credentials never leave its origin (issue 14, item 1).
///
/// Upstream facts relied on: the Fetch standard (whatwg/fetch#1544, merged 2022-11-25) drops
/// only `Authorization` on a cross-origin redirect and keeps custom headers such as `apikey`,
/// and 307/308 resend the body (RFC 9110 §15.4.8, §15.4.9); swift-corelibs-foundation follows
/// a redirect with a copy of the request, every header included, unless a delegate says
/// otherwise (`_HTTPURLProtocol.redirectRequest(for:fromRequest:)`, release/6.3.1).
@Suite("URLSession transport: redirects stay within the origin")
struct URLSessionTransportRedirectTests {
    private let credentials = [HTTPHeader("Authorization", "Bearer access-secret"), HTTPHeader("apikey", "anon-key-secret")]

    /// A server that redirects every request with `status` to `elsewhere`, and the server there.
    private func makeServers(status: Int) throws -> (origin: LoopbackHTTPServer, elsewhere: LoopbackHTTPServer) {
        let elsewhere = try LoopbackHTTPServer { _, connection in try connection.respond(status: 200, body: "{}") }
        let target = elsewhere.baseURL.appendingPathComponent("auth/v1/user").absoluteString
        let origin = try LoopbackHTTPServer { _, connection in try connection.respond(status: status, headers: ["Location": target]) }
        return (origin, elsewhere)
    }

    @Test(
        "a redirect to another origin is refused with a typed error, and nothing reaches that origin",
        arguments: [301, 302, 303, 307, 308])
    func crossOriginRedirect(status: Int) async throws {
        let (origin, elsewhere) = try makeServers(status: status)
        defer {
            origin.stop()
            elsewhere.stop()
        }
        let request = HTTPRequestData(
            method: "GET", url: origin.baseURL.appendingPathComponent("auth/v1/user"),
            headers: credentials, body: nil, isIdempotent: true)

        let error = try await #require(throws: HTTPTransportError.self) {
            try await HTTPTransport.urlSession(limits: HTTPTransportLimits(timeout: 10)).send(request)
        }

        #expect(error.kind == .crossOriginRedirect)
        #expect(!error.isTransient, "a redirect elsewhere is a decision, not a hiccup: not retried")
        #expect(error.reason.contains("refused a redirect to another origin (\(elsewhere.baseURL.absoluteString))"))
        #expect(!error.reason.contains("secret"))
        #expect(origin.requests.count == 1)
        #expect(elsewhere.requests.isEmpty, "the other origin received \(elsewhere.requests.map(\.headers))")
    }

    @Test("the Supabase adapter's refresh token, apikey and bearer never reach the origin a 307 points to")
    func supabaseRefreshRedirected() async throws {
        let (origin, elsewhere) = try makeServers(status: 307)
        defer {
            origin.stop()
            elsewhere.stop()
        }
        let backend = SupabaseAuthBackend(
            configuration: SupabaseConfiguration(projectURL: origin.baseURL, apiKey: "anon-key-secret"),
            transport: .urlSession(limits: HTTPTransportLimits(timeout: 10)), clock: .live)

        await #expect {
            _ = try await backend.refreshSession(refreshToken: Secret("refresh-token-secret"))
        } throws: { error in
            guard case .network(let reason) = error as? AuthError else { return false }
            return reason.contains("another origin") && !reason.contains("secret")
        }
        #expect(origin.requests.first?.body == Array(#"{"refresh_token":"refresh-token-secret"}"#.utf8))
        #expect(elsewhere.requests.isEmpty, "a 307 resends the body: the refresh token would have gone too")
    }

    @Test("a redirect within the origin is followed with the request's headers")
    func sameOriginRedirect() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            if request.target == "/old" {
                try connection.respond(status: 307, headers: ["Location": "/new"])
            } else {
                try connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: #"{"moved":true}"#)
            }
        }
        defer { server.stop() }
        let request = HTTPRequestData(
            method: "GET", url: server.baseURL.appendingPathComponent("old"), headers: credentials, body: nil, isIdempotent: true)

        let response = try await HTTPTransport.urlSession(limits: HTTPTransportLimits(timeout: 10)).send(request)

        #expect(response.status == 200)
        #expect(response.body == Data(#"{"moved":true}"#.utf8))
        #expect(server.requests.map(\.target) == ["/old", "/new"])
        #expect(server.requests.last?.headers["authorization"] == "Bearer access-secret")
    }

    @Test("an origin is scheme, host and port: default ports and letter case do not matter, the rest does")
    func origins() throws {
        let origin = HTTPOrigin(try #require(URL(string: "https://Project.example.co/auth/v1?key=secret")))
        #expect(origin == HTTPOrigin(try #require(URL(string: "https://project.example.co:443/other"))))
        #expect(origin != HTTPOrigin(try #require(URL(string: "http://project.example.co/auth/v1"))))
        #expect(origin != HTTPOrigin(try #require(URL(string: "https://project.example.co:8443/auth/v1"))))
        #expect(origin != HTTPOrigin(try #require(URL(string: "https://project.example.co.evil.example/auth/v1"))))
        #expect(origin.description == "https://project.example.co:443", "no path or query: the Firebase API key rides in the query")
    }
}

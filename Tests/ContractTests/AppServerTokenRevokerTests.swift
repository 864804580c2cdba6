import AuthAppleServer
import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// An app's Sign in with Apple token revocation goes through the app's own server: the app sends
/// the authorization code (`AppServerTokenRevoker`), the server reads it
/// (`AppleRevocationRequest`) and calls Apple with the team's key (`AppleRESTTokenRevoker`, in
/// `AuthAppleServer`). Here the server is a loopback HTTP server and Apple the simulated one.
@Suite("Apple token revocation through the app's server")
struct AppServerTokenRevokerTests {
    @Test(
        "the app posts the code and the user's bearer token; the server's revoker then revokes the grant at (simulated) Apple",
        arguments: BackendFlavor.allCases)
    func revokesThroughTheAppServer(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let code = try await sut.apple.authorize(AppleSheetRequest(clientID: sut.world.appleClientID, appleID: "ada@example.com"))
            .authorizationCode
        let appServer = try LoopbackHTTPServer { _, connection in try connection.respond(status: 204) }
        defer { appServer.stop() }
        let app = AppServerTokenRevoker(endpoint: appServer.baseURL.appendingPathComponent("apple/revoke"), transport: .urlSession()) {
            Secret("access-token-of-the-user")
        }
        try await app.revokeTokens(authorizationCode: Secret(code))

        let received = try #require(appServer.requests.first)
        #expect(received.method == "POST" && received.target == "/apple/revoke")
        #expect(received.headers["authorization"] == "Bearer access-token-of-the-user")
        #expect(received.headers["content-type"] == "application/json")
        let request = try AppleRevocationRequest(body: received.body)
        #expect(request.authorizationCode.revealed == code)
        #expect(await sut.apple.revocations.isEmpty, "the app itself never calls Apple")

        let keys = sut.world.services.keys
        let server = AppleRESTTokenRevoker(
            secret: AppleClientSecret(
                teamID: keys.teamID, keyID: keys.developerKeyID, clientID: sut.world.appleClientID, privateKey: try keys.developerKey()),
            baseURL: sut.appleBase, transport: sut.revokerTransport,
            clock: AuthClock(now: { sut.world.clock.now }, sleep: AuthClock.live.sleep))
        try await server.revokeTokens(authorizationCode: request.authorizationCode)
        let revocations = await sut.apple.revocations
        #expect(revocations.count == 1 && revocations.first?.tokenKind == "refresh_token")
    }

    @Test("a refusal (4xx) is authorizationFailed with the server's error, capped; a 5xx or a closed port is a retryable network failure")
    func failures() async throws {
        let refusing = try LoopbackHTTPServer { _, connection in
            try connection.respond(
                status: 403, headers: ["Content-Type": "application/json"],
                body: #"{"error":"not_your_account\#(String(repeating: "x", count: 500))"}"#)
        }
        defer { refusing.stop() }
        let failing = try LoopbackHTTPServer { _, connection in try connection.respond(status: 502) }
        defer { failing.stop() }
        func revoke(_ url: URL) async -> AuthError? {
            do {
                try await AppServerTokenRevoker(endpoint: url, transport: .urlSession()).revokeTokens(authorizationCode: Secret("c0de"))
                return nil
            } catch {
                return error
            }
        }
        let refused = await revoke(refusing.baseURL)
        guard case .authorizationFailed(let message) = refused else {
            Issue.record("got \(String(describing: refused))")
            return
        }
        #expect(message.contains("not_your_account") && message.count < 300)
        #expect(refusing.requests.first?.headers["authorization"] == nil, "no bearer token unless one is given")
        #expect(await revoke(failing.baseURL)?.isTransient == true)
        let closed = try AuthTestSupport.LoopbackSocket.listen()
        let closedURL = URL(string: "http://127.0.0.1:\(closed.port)")!
        closed.close()
        #expect(await revoke(closedURL)?.isTransient == true)
    }

    @Test(
        "the server reads only a bounded JSON object with a non-empty authorization_code, and never repeats the body",
        arguments: [
            "", "[]", #"{"authorization_code":""}"#, #"{"authorization_code":42}"#, #"{"code":"c0de"}"#,
            #"{"authorization_code":"c0de""#, String(repeating: " ", count: 5000) + "{}",
        ])
    func badBodies(body: String) {
        #expect(throws: AuthError.self) { try AppleRevocationRequest(body: Array(body.utf8)) }
        do { _ = try AppleRevocationRequest(body: Array(body.utf8)) } catch {
            #expect(!"\(error)".contains("c0de"))
        }
    }
}

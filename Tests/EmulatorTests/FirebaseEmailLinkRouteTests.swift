import AuthData
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limits per client (issue 13 item 10, issue 14 item 5): the routes count the peer's address.
@Suite("Emulator: Firebase email links and limits per client")
struct FirebaseEmailLinkRouteTests {
    private func code(_ sut: EmulatorHarness, for email: String) async throws -> String {
        _ = await sut.firebase("accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)","continueUrl":"http://localhost"}"#)
        return try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
    }

    @Test("wrong codes from one peer address are counted across addresses")
    func wrongCodesPerPeer() async throws {
        var configuration = SimulationConfiguration()
        configuration.firebaseRateLimits.wrongCodesPerClient = .perHour(2)
        let sut = try await EmulatorHarness.make(configuration: configuration)
        let code = try await code(sut, for: "victim@example.com")
        func attempt(_ email: String, _ code: String, from address: String) async -> EmulatorResponse {
            var request = EmulatorRequest(method: "POST", target: "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=k",
                                          headers: ["content-type": "application/json"], body: Array(#"{"email":"\#(email)","oobCode":"\#(code)"}"#.utf8))
            request.clientAddress = address
            return await sut.emulator.handle(request)
        }
        _ = await attempt("a@example.com", "wrong", from: "203.0.113.9")
        _ = await attempt("b@example.com", "wrong", from: "203.0.113.9")
        #expect(await attempt("victim@example.com", code, from: "203.0.113.9").firebaseMessage?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER") == true)
        #expect(await attempt("victim@example.com", code, from: "198.51.100.7").status == 200)
    }

    @Test("over a real socket, new accounts are counted per peer address (Google: 100 an hour per IP)")
    func newAccountsPerPeerOverSocket() async throws {
        var configuration = SimulationConfiguration()
        configuration.firebaseRateLimits.newAccountsPerClient = .perHour(2)
        let world = try await TestWorld.make(configuration: configuration)
        let running = try await RunningEmulator.start(services: world.services)
        var statuses: [Int] = []
        for _ in 0..<3 {
            var request = URLRequest(url: running.baseURL.appendingPathComponent("identitytoolkit.googleapis.com/v1/accounts:signUp")
                .appending(queryItems: [URLQueryItem(name: "key", value: "k")]))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "content-type")
            request.httpBody = Data(#"{"returnSecureToken":true}"#.utf8)
            request.timeoutInterval = 10
            let (_, response) = try await URLSession.shared.data(for: request)
            statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        #expect(statuses == [200, 200, 400])
        #expect(await world.services.firebase.snapshot().users.count == 2)
    }
}

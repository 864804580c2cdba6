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

/// Email-link routes (issue 13 items 6 and 10, issue 14 item 5): the v3 `emailLinkSignin` alias
/// with an `idToken` upgrades the signed-in user as firebase-tools `operations.ts`
/// `signInWithEmailLink` does, and the limits per client count the peer's address.
@Suite("Emulator: Firebase email links and limits per client")
struct FirebaseEmailLinkRouteTests {
    private func code(_ sut: EmulatorHarness, for email: String) async throws -> String {
        _ = await sut.firebase(
            "accounts:sendOobCode", json: #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)","continueUrl":"http://localhost"}"#)
        return try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
    }

    @Test("the v3 emailLinkSignin alias with an idToken keeps the anonymous user's uid")
    func v3Upgrade() async throws {
        let sut = try await EmulatorHarness.make()
        let guest = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser?key=k", json: #"{"returnSecureToken":true}"#)
        let idToken = try #require(guest.object["idToken"]?.stringValue)
        let code = try await code(sut, for: "guest@example.com")
        let linked = await sut.send(
            "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/emailLinkSignin?key=k",
            json: #"{"email":"guest@example.com","oobCode":"\#(code)","idToken":"\#(idToken)"}"#)
        #expect(linked.status == 200)
        #expect(linked.object["localId"] == guest.object["localId"])
        #expect(linked.object["isNewUser"] == .bool(false))
        #expect(linked.object["kind"] == .string("identitytoolkit#EmailLinkSigninResponse"))
    }

    @Test("bad input to signInWithEmailLink and sendOobCode gets the service's codes in Google's envelope")
    func badInput() async throws {
        let sut = try await EmulatorHarness.make()
        let expectations: [(String, String, String)] = [
            ("accounts:signInWithEmailLink", #"{"oobCode":"x"}"#, "MISSING_EMAIL"),
            ("accounts:signInWithEmailLink", #"{"email":"a@example.com"}"#, "MISSING_OOB_CODE"),
            ("accounts:signInWithEmailLink", #"{"email":"a@example.com","oobCode":"x","idToken":"nope"}"#, "INVALID_ID_TOKEN"),
            ("accounts:sendOobCode", #"{"email":"a@example.com"}"#, "MISSING_REQ_TYPE"),
            (
                "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"a@example.com","returnOobLink":true}"#,
                "INSUFFICIENT_PERMISSION"
            ),
            (
                "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"a@example.com","continueUrl":"nope"}"#,
                "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))"
            ),
        ]
        for (method, body, message) in expectations {
            let response = await sut.firebase(method, json: body)
            #expect(response.firebaseMessage == message, "\(method) \(body)")
            #expect(response.object["error"]?.objectValue?["code"]?.intValue == Int64(response.status))
        }
    }

    @Test("wrong codes from one peer address are counted across addresses")
    func wrongCodesPerPeer() async throws {
        var configuration = SimulationConfiguration()
        configuration.firebaseRateLimits.wrongCodesPerClient = .perHour(2)
        let sut = try await EmulatorHarness.make(configuration: configuration)
        let code = try await code(sut, for: "victim@example.com")
        func attempt(_ email: String, _ code: String, from address: String) async -> EmulatorResponse {
            var request = EmulatorRequest(
                method: "POST", target: "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=k",
                headers: ["content-type": "application/json"], body: Array(#"{"email":"\#(email)","oobCode":"\#(code)"}"#.utf8))
            request.clientAddress = address
            return await sut.emulator.handle(request)
        }
        _ = await attempt("a@example.com", "wrong", from: "203.0.113.9")
        _ = await attempt("b@example.com", "wrong", from: "203.0.113.9")
        #expect(
            await attempt("victim@example.com", code, from: "203.0.113.9").firebaseMessage?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER") == true
        )
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
            var request = URLRequest(
                url: running.baseURL.appendingPathComponent("identitytoolkit.googleapis.com/v1/accounts:signUp")
                    .appending(queryItems: [URLQueryItem(name: "key", value: "k")]))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "content-type")
            request.httpBody = Data(#"{"returnSecureToken":true}"#.utf8)
            request.timeoutInterval = 60 // a deadline, not a speed check: 10 s was passed once under Thread Sanitizer on a loaded machine
            let (_, response) = try await URLSession.shared.data(for: request)
            statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        #expect(statuses == [200, 200, 400])
        #expect(world.services.storedFirebaseUsers().count == 2)
    }
}

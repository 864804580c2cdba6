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

/// GoTrue's rate limits (conf/configuration.go defaults, api/middleware.go `limitHandler` and
/// `performRateLimitingWithHeader`): 429 `over_request_rate_limit` per client named in the
/// `GOTRUE_RATE_LIMIT_HEADER` header (here `X-Forwarded-For`, which the harness sends); the
/// project-wide `GOTRUE_RATE_LIMIT_EMAIL_SENT` (api/mail.go `sendEmail`); and the emulator's own
/// budget of refused codes per address.
@Suite("Emulator: Supabase rate limits")
struct SupabaseRateLimitTests {
    /// GoTrue's defaults with `GOTRUE_RATE_LIMIT_HEADER=X-Forwarded-For`.
    private func makeSUT(_ change: (inout SupabaseSettings) -> Void = { _ in }) async throws -> EmulatorHarness {
        var settings = SupabaseSettings()
        settings.rateLimitHeader = "X-Forwarded-For"
        change(&settings)
        return try await EmulatorHarness.make(supabase: settings)
    }

    @Test("anonymous sign-ups: 30 per client address, then 429; another address has its own budget; it refills at 30 an hour")
    func anonymousSignUps() async throws {
        let sut = try await makeSUT()
        for index in 0..<30 {
            #expect(await sut.supabase("POST", "signup", json: "{}", from: "10.0.0.1").status == 200, "sign-up \(index)")
        }
        let refused = await sut.supabase("POST", "signup", json: "{}", from: "10.0.0.1")
        #expect(refused.status == 429)
        #expect(refused.object == ["code": .string("over_request_rate_limit"), "message": .string("Request rate limit reached")])
        #expect(await sut.supabase("POST", "signup", json: "{}", from: "10.0.0.2").status == 200)
        sut.world.clock.advance(by: 120)
        #expect(await sut.supabase("POST", "signup", json: "{}", from: "10.0.0.1").status == 200, "one more after two minutes")
        #expect(await sut.supabase("POST", "signup", json: "{}", from: "10.0.0.1").status == 429)
    }

    @Test(
        "over a real socket: without GOTRUE_RATE_LIMIT_HEADER nothing is limited per client; with it, the header's first value is the key")
    func headerKey() async throws {
        for header in [nil, "X-Real-IP"] {
            var setup = SimulationConfiguration()
            setup.supabase.rateLimitHeader = header
            let world = try await TestWorld.make(configuration: setup)
            let emulator = try await RunningEmulator.start(services: world.services)
            var request = URLRequest(url: emulator.baseURL.appendingPathComponent("auth/v1/signup"), timeoutInterval: 10)
            request.httpMethod = "POST"
            request.setValue(emulator.emulator.anonKey, forHTTPHeaderField: "apikey")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(" 203.0.113.7 , 10.0.0.1", forHTTPHeaderField: "X-Real-IP")
            request.httpBody = Data("{}".utf8)
            let session = URLSession(configuration: .ephemeral)
            var statuses: [Int] = []
            for _ in 0..<31 {
                let (_, response) = try await session.data(for: request)
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            request.setValue("203.0.113.8, 203.0.113.7", forHTTPHeaderField: "X-Real-IP")
            let (_, other) = try await session.data(for: request)
            await emulator.stop()
            #expect(statuses.prefix(30).allSatisfy { $0 == 200 } && statuses.last == (header == nil ? 200 : 429), "\(statuses)")
            #expect((other as? HTTPURLResponse)?.statusCode == 200, "another first value has its own budget")
        }
    }

    @Test(
        """
        GOTRUE_RATE_LIMIT_EMAIL_SENT: 30 mails an hour for the whole project, whoever asks (429 over_email_send_rate_limit); 0 refuses\
         every mail
        """
    )
    func emailSent() async throws {
        let sut = try await makeSUT()
        for index in 0..<30 {
            #expect(await sut.supabase("POST", "otp", json: #"{"email":"m\#(index)@example.com"}"#, from: "10.5.0.\(index)").status == 200)
        }
        let refused = await sut.supabase("POST", "otp", json: #"{"email":"late@example.com"}"#, from: "10.6.0.1")
        #expect(refused.status == 429)
        #expect(refused.object == ["code": .string("over_email_send_rate_limit"), "message": .string("email rate limit exceeded")])
        #expect(await sut.world.services.mailbox.latest(for: "late@example.com") == nil)
        sut.world.clock.advance(by: 3600)
        #expect(await sut.supabase("POST", "otp", json: #"{"email":"late@example.com"}"#, from: "10.6.0.1").status == 200, "a new window")

        let none = try await makeSUT { $0.rateLimits?.emailSent = .init(events: 0, period: 3600, isBurst: false) }
        #expect(await none.supabase("POST", "otp", json: #"{"email":"a@example.com"}"#).status == 429)
        let autoconfirm = try await makeSUT {
            $0.rateLimits?.emailSent = .init(events: 1, period: 3600, isBurst: false)
            $0.mailerAutoconfirm = true
        }
        for index in 0..<3 {
            #expect(await autoconfirm.supabase("POST", "otp", json: #"{"email":"c\#(index)@example.com"}"#).status == 200)
        }
    }

    @Test("with rate limits off (--supabase-rate-limits off) nothing is limited")
    func off() async throws {
        let sut = try await EmulatorHarness.make(
            supabase: {
                var s = SupabaseSettings()
                s.rateLimits = nil
                return s
            }())
        for _ in 0..<40 { #expect(await sut.supabase("POST", "signup", json: "{}", from: "10.0.0.1").status == 200) }
    }

    @Test("POST /token: a burst of 30, then 429 before the body is read")
    func token() async throws {
        let sut = try await makeSUT()
        for _ in 0..<30 {
            _ = await sut.supabase("POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"aaaaaaaaaaaa"}"#, from: "10.0.0.3")
        }
        let refused = await sut.supabase(
            "POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"aaaaaaaaaaaa"}"#, from: "10.0.0.3")
        #expect(refused.status == 429 && refused.object["code"] == .string("over_request_rate_limit"))
    }

    @Test("POST /verify: 30 per client address (GOTRUE_RATE_LIMIT_VERIFY), whichever addresses it tries")
    func verifyPerClient() async throws {
        let sut = try await makeSUT()
        for index in 0..<30 {
            let response = await sut.supabase(
                "POST", "verify", json: #"{"type":"email","email":"n\#(index)@example.com","token":"000000"}"#, from: "10.3.0.1")
            #expect(response.status == 403)
        }
        let refused = await sut.supabase(
            "POST", "verify", json: #"{"type":"email","email":"n99@example.com","token":"000000"}"#, from: "10.3.0.1")
        #expect(refused.status == 429 && refused.object["code"] == .string("over_request_rate_limit"))
    }

    @Test("refused codes count per address across clients and codes: a new code does not refill the budget")
    func guessBudget() async throws {
        let sut = try await makeSUT()
        var spent = 0
        for round in 0..<3 {
            if round > 0 { sut.world.clock.advance(by: 61) }
            #expect(await sut.supabase("POST", "otp", json: #"{"email":"guess@example.com"}"#, from: "10.1.0.\(round)").status == 200)
            for attempt in 0..<4 where spent < 10 {
                let response = await sut.supabase(
                    "POST", "verify", json: #"{"type":"email","email":"guess@example.com","token":"00000\#(attempt)"}"#,
                    from: "10.2.\(round).\(attempt)")
                #expect(response.status == 403)
                spent += 1
            }
        }
        let code = try #require(await sut.world.services.mailbox.latest(for: "guess@example.com")).code
        let blocked = await sut.supabase(
            "POST", "verify", json: #"{"type":"email","email":"guess@example.com","token":"\#(code)"}"#, from: "10.9.9.9")
        #expect(blocked.status == 429, "ten refused codes from any client spend the address's budget, whatever code is outstanding")
        sut.world.clock.advance(by: 360)
        #expect(
            await sut.supabase(
                "POST", "verify", json: #"{"type":"email","email":"guess@example.com","token":"\#(code)"}"#, from: "10.9.9.9"
            ).status == 200)
    }

    @Test("user_metadata is bounded: a 20 KB data object is 400 validation_failed on sign-up, /otp and PUT /user")
    func metadataBound() async throws {
        let sut = try await makeSUT()
        let padding = String(repeating: "a", count: 20_000)
        let signUp = await sut.supabase("POST", "signup", json: #"{"data":{"padding":"\#(padding)"}}"#)
        let otp = await sut.supabase("POST", "otp", json: #"{"email":"big@example.com","data":{"padding":"\#(padding)"}}"#)
        for response in [signUp, otp] { #expect(response.status == 400 && response.object["code"] == .string("validation_failed")) }
        let token = try #require(try await sut.appleSession()["access_token"]?.stringValue)
        #expect(await sut.supabase("PUT", "user", json: #"{"data":{"padding":"\#(padding)"}}"#, bearer: token).status == 400)
        #expect(sut.world.services.storedSupabaseUsers.count == 1)
    }
}

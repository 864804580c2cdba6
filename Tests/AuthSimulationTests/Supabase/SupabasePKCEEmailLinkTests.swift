import AuthData
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// Emailed links in the PKCE flow, as GoTrue serves them: a `code_challenge` on `/otp`,
/// `/signup`, `/recover` makes a flow state and a `pkce_` token (api/pkce.go, api/magic_link.go,
/// api/signup.go, api/recover.go, models/flow_state.go); `GET /verify` sends `?code=` (api/verify.go
/// `verifyGet`, `prepPKCERedirectURL`); `grant_type=pkce` makes the session (api/token.go `PKCE`).
@Suite("Supabase PKCE email links")
struct SupabasePKCEEmailLinkTests {
    private let app = "https://app.example.com/auth/callback"

    private func makeSUT() async throws -> TestWorld {
        var setup = SimulationConfiguration()
        setup.supabase.uriAllowList = ["https://app.example.com/**"]
        return try await TestWorld.make(configuration: setup)
    }

    private func challenge(_ pkce: PKCE) throws -> SupabaseCodeChallenge {
        try #require(try SupabaseCodeChallenge.parse(challenge: pkce.challenge, method: "s256"))
    }

    private func value(_ url: String, _ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    /// The mailed link's `token` and `type`, and where opening it sends the browser.
    private func openLink(_ world: TestWorld, _ email: String) async throws -> (token: String, type: String, location: String) {
        let link = try #require(await world.services.mailbox.latest(for: email)?.link)
        let token = try #require(value(link, "token"))
        let type = try #require(value(link, "type"))
        let location = try await world.services.supabase.verifyLink(token: token, type: type, redirectTo: value(link, "redirect_to"))
        return (token, type, location)
    }

    @Test("/otp with a challenge for a confirmed user: a pkce_ magiclink token; the link sends ?code=; the code and verifier sign in, once")
    func magicLink() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        try await engine.sendOTP(email: "ada@example.com", createUser: true, data: [:])
        let first = try await openLink(world, "ada@example.com")
        #expect(first.location.contains("#access_token="), "without a challenge, the implicit flow's fragment")
        world.clock.advance(by: 61)

        let pkce = PKCE.make(source: .live)
        try await engine.sendOTP(email: "ada@example.com", createUser: true, data: [:], referrers: [app], pkce: try challenge(pkce))
        let (token, type, location) = try await openLink(world, "ada@example.com")
        #expect(token.hasPrefix("pkce_") && type == "magiclink")
        #expect(location.hasPrefix(app + "?code="), "the code in the query, no fragment")
        #expect(!location.contains("#"))
        let code = try #require(value(location, "code"))
        let session = try await engine.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        #expect(session.user.email == "ada@example.com")
        #expect(session.providerToken == nil && session.providerRefreshToken == nil)
        await #expect(
            throws: SupabaseFailure.api(status: 404, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found")
        ) {
            try await engine.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        }
    }

    @Test("a new address: the confirmation link (type signup) confirms it and hands out a code; a wrong verifier keeps the flow state")
    func signupLink() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        let pkce = PKCE.make(source: .live)
        try await engine.sendOTP(email: "new@example.com", createUser: true, data: [:], referrers: [app], pkce: try challenge(pkce))
        let (token, type, location) = try await openLink(world, "new@example.com")
        #expect(token.hasPrefix("pkce_") && type == "signup")
        let code = try #require(value(location, "code"))
        await #expect(
            throws: SupabaseFailure.api(
                status: 400, code: "bad_code_verifier", message: "code challenge does not match previously saved code verifier")
        ) {
            try await engine.grantPKCE(authCode: code, codeVerifier: PKCE.make(source: .live).verifier.revealed)
        }
        let session = try await engine.grantPKCE(authCode: code, codeVerifier: pkce.verifier.revealed)
        #expect(session.user.emailConfirmedAt != nil)
    }

    @Test("/signup and /recover with a challenge: pkce_ tokens of types signup and recovery, each exchanged for a session")
    func signupAndRecover() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        let pkce = PKCE.make(source: .live)
        _ = try await engine.signUp(
            email: "cy@example.com", phone: nil, password: "correct horse", data: [:], referrers: [app], pkce: try challenge(pkce))
        let signup = try await openLink(world, "cy@example.com")
        #expect(signup.token.hasPrefix("pkce_") && signup.type == "signup")
        _ = try await engine.grantPKCE(authCode: value(signup.location, "code"), codeVerifier: pkce.verifier.revealed)

        let recovery = PKCE.make(source: .live)
        try await engine.recover(email: "cy@example.com", referrers: [app], pkce: try challenge(recovery))
        let link = try await openLink(world, "cy@example.com")
        #expect(link.token.hasPrefix("pkce_") && link.type == "recovery")
        let session = try await engine.grantPKCE(authCode: value(link.location, "code"), codeVerifier: recovery.verifier.revealed)
        #expect(session.user.email == "cy@example.com")
    }

    @Test("the mailed code of a PKCE mail still verifies with POST /verify (verify.go isOtpValid)")
    func codeStillWorks() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        try await engine.sendOTP(email: "di@example.com", createUser: true, data: [:], pkce: try challenge(PKCE.make(source: .live)))
        let code = try #require(await world.services.mailbox.latest(for: "di@example.com")?.code)
        let answer = try await engine.verify(SupabaseVerifyRequest(type: "email", email: "di@example.com", token: code))
        #expect(answer.session?.user.email == "di@example.com")
    }

    @Test("a spent PKCE link: otp_expired in the query and the fragment (prepErrorRedirectURL)")
    func spentLink() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        try await engine.sendOTP(
            email: "ed@example.com", createUser: true, data: [:], referrers: [app], pkce: try challenge(PKCE.make(source: .live)))
        let (token, type, _) = try await openLink(world, "ed@example.com")
        let again = try await engine.verifyLink(token: token, type: type, redirectTo: app)
        #expect(value(again, "error_code") == "otp_expired" && value(again, "error") == "access_denied")
        #expect(again.contains("#error=access_denied"))
    }

    @Test("a magic link's 300 s run from the click (FlowState.IsExpired); a confirmation link's from the request")
    func expiry() async throws {
        let world = try await makeSUT()
        let engine = world.services.supabase
        try await engine.sendOTP(email: "fay@example.com", createUser: true, data: [:])
        _ = try await openLink(world, "fay@example.com")
        world.clock.advance(by: 61)
        let magic = PKCE.make(source: .live)
        try await engine.sendOTP(email: "fay@example.com", createUser: true, data: [:], referrers: [app], pkce: try challenge(magic))
        world.clock.advance(by: 400)
        let code = try #require(value(try await openLink(world, "fay@example.com").location, "code"))
        world.clock.advance(by: 200)
        _ = try await engine.grantPKCE(authCode: code, codeVerifier: magic.verifier.revealed)

        let signup = PKCE.make(source: .live)
        try await engine.sendOTP(email: "gus@example.com", createUser: true, data: [:], referrers: [app], pkce: try challenge(signup))
        world.clock.advance(by: 301)
        let late = try #require(value(try await openLink(world, "gus@example.com").location, "code"))
        await #expect(
            throws: SupabaseFailure.api(status: 422, code: "flow_state_expired", message: "invalid flow state, flow state has expired")
        ) {
            try await engine.grantPKCE(authCode: late, codeVerifier: signup.verifier.revealed)
        }
    }

    @Test("the challenge: half a pair, a length outside 43-128, a character outside RFC 7636's alphabet are 400 (api/pkce.go)")
    func challengeRules() throws {
        let good = String(repeating: "aZ0-._~", count: 7)
        #expect(
            try SupabaseCodeChallenge.parse(challenge: good, method: "S256") == SupabaseCodeChallenge.parse(challenge: good, method: "s256")
        )
        #expect(try SupabaseCodeChallenge.parse(challenge: nil, method: "") == nil)
        #expect(throws: SupabaseFailure.validation("PKCE flow requires code_challenge_method and code_challenge")) {
            try SupabaseCodeChallenge.parse(challenge: good, method: nil)
        }
        #expect(throws: SupabaseFailure.validation("code challenge has to be between 43 and 128 characters")) {
            try SupabaseCodeChallenge.parse(challenge: String(repeating: "a", count: 42), method: "plain")
        }
        #expect(
            throws: SupabaseFailure.validation(
                "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes")
        ) {
            try SupabaseCodeChallenge.parse(challenge: String(repeating: "a", count: 42) + "+", method: "s256")
        }
    }
}

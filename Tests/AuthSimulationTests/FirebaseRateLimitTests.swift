import AuthData
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The Firebase engine's rate limits (issue 13 item 10, issue 14 item 5). firebase-tools has
/// none (`git grep TOO_MANY_ATTEMPTS_TRY_LATER src/emulator/auth` finds nothing); production
/// has them: the new-account limit is Google's documented 100 an hour per IP address
/// (firebase.google.com/docs/auth/limits), the wrong-code budgets are this engine's.
@Suite("Firebase engine: rate limits")
struct FirebaseRateLimitTests {
    private func send(_ email: String, _ sut: FirebaseEngineFixture) async throws -> String {
        _ = try await sut.engine.sendOobCode(
            FirebaseOobRequest(requestType: "EMAIL_SIGNIN", email: email, continueUrl: nil, canHandleCodeInApp: true))
        return try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
    }

    private func guess(_ email: String, _ code: String, client: String? = nil, _ sut: FirebaseEngineFixture) async -> FirebaseFailure? {
        await sut.failure {
            try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: email, oobCode: code), client: client)
        }
    }

    @Test("wrong codes count per address across new codes: a fresh code does not restore the budget")
    func newCodeDoesNotResetBudget() async throws {
        let sut = try await FirebaseEngineFixture.make()
        _ = try await send("ada@example.com", sut)
        for attempt in 0..<4 { #expect(await guess("ada@example.com", "wrong-\(attempt)", sut)?.code == "INVALID_OOB_CODE") }
        sut.clock.advance(by: 61)
        let code = try await send("ada@example.com", sut)
        #expect(await guess("ada@example.com", "wrong-5", sut)?.code == "INVALID_OOB_CODE")
        let locked = await guess("ada@example.com", code, sut)
        #expect(locked?.message == "TOO_MANY_ATTEMPTS_TRY_LATER : Too many unsuccessful login attempts. Please try again later.")
        sut.clock.advance(by: 61)
        let later = try await send("ada@example.com", sut)
        #expect(await guess("ada@example.com", later, sut)?.code == "TOO_MANY_ATTEMPTS_TRY_LATER", "still locked within the hour")
        sut.clock.advance(by: 3600)
        let nextHour = try await send("ada@example.com", sut)
        #expect(await guess("ada@example.com", nextHour, sut) == nil, "the window ended")
    }

    @Test("wrong codes count per client across addresses")
    func perClient() async throws {
        let sut = try await FirebaseEngineFixture.make { $0.firebaseRateLimits.wrongCodesPerClient = .perHour(3) }
        let code = try await send("victim@example.com", sut)
        for index in 0..<3 { _ = await guess("spray\(index)@example.com", "wrong", client: "203.0.113.9", sut) }
        #expect(await guess("victim@example.com", code, client: "203.0.113.9", sut)?.code == "TOO_MANY_ATTEMPTS_TRY_LATER")
        #expect(await guess("victim@example.com", code, client: "198.51.100.2", sut) == nil, "another client is not affected")
    }

    @Test("new accounts per client: Google's 100 an hour by default; the in-process backend (no client) is not limited")
    func newAccountsPerClient() async throws {
        let sut = try await FirebaseEngineFixture.make()
        #expect(sut.engine.configuration.rateLimits.newAccountsPerClient == .perHour(100))
        for _ in 0..<100 { _ = try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true), client: "203.0.113.9") }
        let refused = await sut.failure {
            try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true), client: "203.0.113.9")
        }
        #expect(refused?.code == "TOO_MANY_ATTEMPTS_TRY_LATER")
        #expect(await sut.failure { try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true)) } == nil)
        let google = try await sut.googleToken(email: "new@example.com")
        let idp = await sut.failure {
            try await sut.engine.signInWithIdp(
                FirebaseIdpRequest(
                    requestUri: "http://localhost", postBody: "providerId=google.com&id_token=\(google.token)&nonce=\(google.nonce)",
                    returnSecureToken: true, returnIdpCredential: true), client: "203.0.113.9")
        }
        #expect(idp?.code == "TOO_MANY_ATTEMPTS_TRY_LATER", "a first IdP sign-in creates an account too")
        sut.clock.advance(by: 3600)
        #expect(
            await sut.failure { try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true), client: "203.0.113.9") } == nil)
    }

    @Test("the project's daily email-link quota answers QUOTA_EXCEEDED")
    func emailQuota() async throws {
        let sut = try await FirebaseEngineFixture.make { $0.firebaseRateLimits.emailLinkEmailsPerProject = .perDay(2) }
        _ = try await send("a@example.com", sut)
        _ = try await send("b@example.com", sut)
        let refused = await sut.failure {
            try await sut.engine.sendOobCode(
                FirebaseOobRequest(requestType: "EMAIL_SIGNIN", email: "c@example.com", continueUrl: nil, canHandleCodeInApp: true))
        }
        #expect(refused?.code == "QUOTA_EXCEEDED")
        #expect(await sut.world.services.mailbox.messages(for: "c@example.com").isEmpty)
    }

    @Test("the counters survive a restart (they are kept in the storage, not in the engine)")
    func countersPersist() async throws {
        let sut = try await FirebaseEngineFixture.make()
        _ = try await send("ada@example.com", sut)
        for attempt in 0..<5 { _ = await guess("ada@example.com", "wrong-\(attempt)", sut) }
        let restored = FirebaseEngine(
            configuration: sut.engine.configuration, clock: sut.world.services.clock, mailbox: sut.world.services.mailbox,
            providerKeys: [:],
            storage: sut.engine.storage)
        #expect(
            await sut.failure { try await restored.signInWithEmailLink(FirebaseEmailLinkRequest(email: "ada@example.com", oobCode: "x")) }?
                .code
                == "TOO_MANY_ATTEMPTS_TRY_LATER")
    }
}

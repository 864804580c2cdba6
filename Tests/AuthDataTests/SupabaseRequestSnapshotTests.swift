import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// Every outgoing request of each Supabase REST call, compared with a committed snapshot.
@Suite("Supabase REST adapter: outgoing requests")
struct SupabaseRequestSnapshotTests {
    private static let user =
        #"""
        {"id":"8d1f2e34-1111-4222-8333-444455556666","aud":"authenticated","role":"authenticated","email":"ada@example.com","phone":""\#
        ,"email_confirmed_at":"2026-01-01T00:00:00.000001Z","last_sign_in_at":"2026-01-01T00:00:00.000001Z","app_metadata":{"provider"\#
        :"apple","providers":["apple"]},"user_metadata":{"full_name":"Ada\#
         Lovelace"},"identities":[{"identity_id":"5e0a0000-0000-4000-8000-000000000001","id":"001234.abcd.1234","user_id":"8d1f2e34-11\#
        11-4222-8333-444455556666","identity_data":{"sub":"001234.abcd.1234"},"provider":"apple","created_at":"2026-01-01T00:00:00.000\#
        001Z","updated_at":"2026-01-01T00:00:00.000001Z"}],"created_at":"2026-01-01T00:00:00.000001Z","updated_at":"2026-01-01T00:00:0\#
        0.000001Z","is_anonymous":false}
        """#
    private static let session =
        #"""
        {"access_token":"access.jwt.value","token_type":"bearer","expires_in":3600,"expires_at":1767229200,"refresh_token":"abcdefghij\#
        kl","user":\#(user)}
        """#

    private func makeSUT() -> (SupabaseAuthBackend, RecordingTransport) {
        let transport = RecordingTransport(responses: [
            "/token": RecordingTransport.json(Self.session), "/signup": RecordingTransport.json(Self.session),
            "/verify": RecordingTransport.json(Self.session), "/otp": RecordingTransport.json("{}"),
            "/user": RecordingTransport.json(Self.user), "/logout": HTTPResponseData(status: 204, headers: [:], body: Data()),
            "/identities/5e0a0000-0000-4000-8000-000000000001": RecordingTransport.json("{}"),
            "/delete-account": RecordingTransport.json(#"{"deleted":true}"#),
        ])
        let backend = SupabaseAuthBackend(
            configuration: SupabaseConfiguration(projectURL: URL(string: "https://abcd.supabase.co")!, apiKey: "anon-key"),
            transport: transport.transport, clock: TestClock().clock)
        return (backend, transport)
    }

    private func expectSnapshot(_ transport: RecordingTransport, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let mismatch = RequestSnapshot.mismatch(RequestSnapshot.render(transport.recorded), named: name, testFile: #filePath) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }

    private let apple = IDTokenCredential(provider: .apple, idToken: "apple.id.token", rawNonce: "raw-nonce-value")

    @Test("sign in with an Apple ID token")
    func signIn() async throws {
        let (backend, transport) = makeSUT()
        let signIn = try await backend.signIn(with: apple)
        #expect(signIn.user.displayName == "Ada Lovelace")
        #expect(signIn.isNewUser)
        expectSnapshot(transport, "supabase-signIn-idToken")
    }

    @Test("link an identity, anonymous sign-up, OTP send and verify, refresh")
    func grants() async throws {
        let (backend, transport) = makeSUT()
        _ = try await backend.link(apple, accessToken: "user.access.token")
        expectSnapshot(transport, "supabase-link")
        transport.reset()
        _ = try await backend.signInAnonymously()
        expectSnapshot(transport, "supabase-anonymous")
        transport.reset()
        _ = try await backend.sendEmailCode(to: "ada@example.com")
        _ = try await backend.verifyEmailCode("123456", email: "ada@example.com")
        expectSnapshot(transport, "supabase-otp")
        transport.reset()
        _ = try await backend.refreshSession(refreshToken: "abcdefghijkl")
        expectSnapshot(transport, "supabase-refresh")
    }

    @Test("user, profile update, unlink, sign-out scopes, account deletion")
    func userCalls() async throws {
        let (backend, transport) = makeSUT()
        _ = try await backend.user(accessToken: "user.access.token")
        _ = try await backend.updateProfile(
            ProfileUpdate(name: PersonName(givenName: "Ada", familyName: "Lovelace")), accessToken: "user.access.token")
        expectSnapshot(transport, "supabase-user")
        transport.reset()
        _ = try await backend.unlink(.apple, accessToken: "user.access.token")
        expectSnapshot(transport, "supabase-unlink")
        transport.reset()
        try await backend.signOut(accessToken: "user.access.token", scope: .global)
        try await backend.signOut(accessToken: "user.access.token", scope: .local)
        try await backend.deleteAccount(accessToken: "user.access.token")
        expectSnapshot(transport, "supabase-signOut-delete")
    }

    @Test("both error shapes decode with the code kept")
    func errorShapes() async throws {
        let versioned = RecordingTransport(responses: [
            "/otp": HTTPResponseData(
                status: 429, headers: ["X-Supabase-Api-Version": "2024-01-01"],
                body: Data(
                    #"{"code":"over_email_send_rate_limit","message":"For security purposes, you can only request this after 42 seconds."}"#
                        .utf8))
        ])
        let legacy = RecordingTransport(responses: [
            "/verify": RecordingTransport.json(
                #"{"code":403,"error_code":"otp_expired","msg":"Token has expired or is invalid"}"#, status: 403)
        ])
        let oauth = RecordingTransport(responses: [
            "/token": RecordingTransport.json(#"{"error":"invalid nonce","error_description":"Nonces mismatch"}"#, status: 400)
        ])
        let configuration = SupabaseConfiguration(projectURL: URL(string: "https://abcd.supabase.co")!, apiKey: "anon-key")
        let clock = TestClock().clock
        await #expect(throws: AuthError.rateLimited(retryAfter: 42)) {
            try await SupabaseAuthBackend(configuration: configuration, transport: versioned.transport, clock: clock).sendEmailCode(
                to: "a@example.com")
        }
        await #expect(throws: AuthError.codeInvalid) {
            try await SupabaseAuthBackend(configuration: configuration, transport: legacy.transport, clock: clock).verifyEmailCode(
                "1", email: "a@example.com")
        }
        await #expect(throws: AuthError.nonceMismatch) {
            try await SupabaseAuthBackend(configuration: configuration, transport: oauth.transport, clock: clock).signIn(with: apple)
        }
    }

    @Test("a transport failure is a transient network error; an idempotent call is retried once")
    func transportFailure() async throws {
        let attempts = Locked(0)
        let flaky = HTTPTransport { _ in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            if attempt == 1 { throw HTTPTransportError(reason: "connection reset", isTransient: true) }
            return RecordingTransport.json(Self.user)
        }
        let configuration = SupabaseConfiguration(projectURL: URL(string: "https://abcd.supabase.co")!, apiKey: "anon-key")
        let backend = SupabaseAuthBackend(configuration: configuration, transport: flaky, clock: AuthClock(now: Date.init, sleep: { _ in }))
        #expect(try await backend.user(accessToken: "t").id == "8d1f2e34-1111-4222-8333-444455556666")
        #expect(attempts.current == 2)
        let down = HTTPTransport { _ in throw HTTPTransportError(reason: "connection refused", isTransient: true) }
        let offline = SupabaseAuthBackend(configuration: configuration, transport: down, clock: AuthClock(now: Date.init, sleep: { _ in }))
        await #expect(throws: AuthError.network("connection refused")) { try await offline.refreshSession(refreshToken: "abcdefghijkl") }
    }

    @Test("an identity id that is not a UUID is refused before any request: no path walking")
    func identityIDIsAUUID() async throws {
        let hostile = Self.user.replacingOccurrences(
            of: "5e0a0000-0000-4000-8000-000000000001", with: "../../admin/users/8d1f2e34-1111-4222-8333-444455556666")
        let transport = RecordingTransport(responses: ["/user": RecordingTransport.json(hostile)])
        let backend = SupabaseAuthBackend(
            configuration: SupabaseConfiguration(projectURL: URL(string: "https://abcd.supabase.co")!, apiKey: "anon-key"),
            transport: transport.transport, clock: TestClock().clock)
        await #expect(throws: AuthError.self) { _ = try await backend.unlink(.apple, accessToken: "user.access.token") }
        #expect(transport.recorded.allSatisfy { $0.method != "DELETE" })
    }
}

import AuthData
import AuthDomain
import AuthJWT
import AuthTestSupport
import Foundation
import Testing

/// The Supabase REST adapter's password calls on the wire and GoTrue's refusals of them, after
/// internal/api/token.go, user.go (`UserUpdateParams.Nonce`, `reauthentication_needed`),
/// reauthenticate.go, resend.go and errors.go (`weak_password` with `reasons`). The bodies are
/// checked field by field rather than snapshotted, so that no password is written to a file.
@Suite("Supabase REST adapter: password calls")
struct SupabasePasswordRequestTests {
    private static let user = """
        {"id":"8d1f2e34-1111-4222-8333-444455556666","aud":"authenticated","role":"authenticated",\
        "email":"ada@example.com","new_email":"ada@new.example",\
        "app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{},"identities":[],\
        "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}
        """
    private static let session = """
        {"access_token":"access.jwt.value","token_type":"bearer","expires_in":3600,"expires_at":1767229200,\
        "refresh_token":"abcdefghijkl","user":\(user)}
        """

    private static let weakMessage =
        "Password should be at least 8 characters. Password should contain at least one character of each: abc."

    private func makeSUT(_ responses: [String: HTTPResponseData]) -> (SupabaseAuthBackend, RecordingTransport) {
        let transport = RecordingTransport(responses: responses)
        let backend = SupabaseAuthBackend(
            configuration: SupabaseConfiguration(projectURL: URL(string: "https://abcd.supabase.co")!, apiKey: "anon-key"),
            transport: transport.transport, clock: TestClock().clock)
        return (backend, transport)
    }

    private func body(_ request: HTTPRequestData?) throws -> JSONObject {
        try StrictJSONParser.parseObject(Array(try #require(request?.body)))
    }

    @Test("sign-in is POST /token?grant_type=password with the email and password")
    func signIn() async throws {
        let (backend, transport) = makeSUT(["/token": RecordingTransport.json(Self.session)])
        let signIn = try await backend.signIn(email: "ada@example.com", password: "pass phrase 1")
        #expect(!signIn.isNewUser && signIn.session.refreshToken == "abcdefghijkl")
        let request = transport.recorded.first
        #expect(request?.method == "POST" && request?.url.query == "grant_type=password")
        #expect(try body(request) == ["email": .string("ada@example.com"), "password": .string("pass phrase 1")])
    }

    @Test("a password change sends the nonce; reauthentication_needed and reauthentication_not_valid are typed")
    func reauthentication() async throws {
        let needed = RecordingTransport.json(
            #"{"code":"reauthentication_needed","message":"Password update requires reauthentication"}"#, status: 400)
        let (refused, _) = makeSUT(["/user": needed])
        await #expect(throws: AuthError.reauthenticationRequired) {
            try await refused.changePassword(to: "pass phrase 2", nonce: nil, accessToken: "token")
        }
        let invalid = RecordingTransport.json(#"{"code":"reauthentication_not_valid","message":"Requires reauthentication"}"#, status: 400)
        let (wrong, _) = makeSUT(["/user": invalid])
        await #expect(throws: AuthError.codeInvalid) {
            try await wrong.changePassword(to: "pass phrase 2", nonce: "000000", accessToken: "token")
        }

        let (backend, transport) = makeSUT(["/user": RecordingTransport.json(Self.user), "/reauthenticate": RecordingTransport.json("{}")])
        try await backend.requestReauthentication(accessToken: "token")
        let update = try await backend.changePassword(to: "pass phrase 2", nonce: "123456", accessToken: "token")
        #expect(update.session == nil && update.user.email == "ada@example.com")
        #expect(transport.recorded.map(\.method) == ["GET", "PUT"])
        #expect(try body(transport.recorded.last) == ["nonce": .string("123456"), "password": .string("pass phrase 2")])
    }

    @Test("an email change reports the address waiting for confirmation (new_email)")
    func changeEmail() async throws {
        let (backend, transport) = makeSUT(["/user": RecordingTransport.json(Self.user)])
        let change = try await backend.changeEmail(to: "ada@new.example", accessToken: "token")
        #expect(change.pendingEmail == "ada@new.example" && change.user.email == "ada@example.com")
        #expect(try body(transport.recorded.first) == ["email": .string("ada@new.example")])
    }

    @Test("resend posts GoTrue's type; a recovery is /recover again")
    func resend() async throws {
        let (backend, transport) = makeSUT(["/resend": RecordingTransport.json("{}"), "/recover": RecordingTransport.json("{}")])
        _ = try await backend.resend(.signUpConfirmation, to: "ada@example.com", accessToken: nil)
        _ = try await backend.resend(.emailChange, to: "ada@example.com", accessToken: nil)
        _ = try await backend.resend(.passwordRecovery, to: "ada@example.com", accessToken: nil)
        #expect(transport.recorded.map(\.url.path) == ["/auth/v1/resend", "/auth/v1/resend", "/auth/v1/recover"])
        #expect(try body(transport.recorded[0])["type"] == .string("signup"))
        #expect(try body(transport.recorded[1])["type"] == .string("email_change"))
    }

    @Test(
        "GoTrue's refusals map to typed errors in both body shapes",
        arguments: [
            (
                #"{"code":"weak_password","message":"\#(SupabasePasswordRequestTests.weakMessage)","#
                    + #""weak_password":{"reasons":["length","characters"]}}"#,
                422,
                AuthError.weakPassword(
                    reasons: ["length", "characters"],
                    message: SupabasePasswordRequestTests.weakMessage)
            ),
            (#"{"code":400,"error_code":"invalid_credentials","msg":"Invalid login credentials"}"#, 400, .invalidLoginCredentials),
            (#"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#, 400, .invalidLoginCredentials),
            (#"{"error":"invalid_grant","error_description":"Email not confirmed"}"#, 400, .emailNotConfirmed),
            (#"{"code":"email_not_confirmed","message":"Email not confirmed"}"#, 400, .emailNotConfirmed),
            (#"{"code":"user_already_exists","message":"User already registered"}"#, 422, .emailInUse),
        ])
    func refusals(body: String, status: Int, expected: AuthError) async throws {
        var response = RecordingTransport.json(body, status: status)
        if body.contains(#""code":""#) { response.headers["x-supabase-api-version"] = "2024-01-01" }
        let (backend, _) = makeSUT(["/token": response, "/signup": response])
        await #expect(throws: expected) { try await backend.signIn(email: "ada@example.com", password: "pass phrase 1") }
        await #expect(throws: expected) { try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: "pass phrase 1")) }
    }
}

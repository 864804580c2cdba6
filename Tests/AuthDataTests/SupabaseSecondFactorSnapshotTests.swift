import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// The outgoing requests of the Supabase REST adapter's second-factor calls (GoTrue's `/factors`
/// routes, internal/api/mfa.go), compared with committed snapshots.
@Suite("Supabase REST adapter: second-factor requests")
struct SupabaseSecondFactorSnapshotTests {
    private static let factorID = "7f3c0000-0000-4000-8000-0000000000aa"
    private static let user =
        #"""
        {"id":"8d1f2e34-1111-4222-8333-444455556666","aud":"authenticated","role":"authenticated","email":"ada@example.com","factors":\#
        [{"id":"\#(factorID)","status":"verified","friendly_name":"iPhone","factor_type":"totp","created_at":"2026-01-01T00:00:00Z","u\#
        pdated_at":"2026-01-01T00:00:00Z","last_challenged_at":null}],"created_at":"2026-01-01T00:00:00.000001Z","updated_at":"2026-01\#
        -01T00:00:00.000001Z"}
        """#
    // The access token's payload is {"aal":"aal2"}.
    private static let session =
        #"""
        {"access_token":"eyJhbGciOiJIUzI1NiJ9.eyJhYWwiOiJhYWwyIn0.c2ln","token_type":"bearer","expires_in":3600,"expires_at":176722920\#
        0,"refresh_token":"abcdefghijkl","user":\#(user)}
        """#
    private static let enrolled =
        #"""
        {"id":"\#(factorID)","type":"totp","friendly_name":"iPhone","totp":{"qr_code":"<svg/>","secret":"JBSWY3DPEHPK3PXP","uri":"otpa\#
        uth://totp/Example:ada@example.com?algorithm=SHA1&digits=6&issuer=Example&period=30&secret=JBSWY3DPEHPK3PXP"}}
        """#

    private func makeSUT() -> (SupabaseAuthBackend, RecordingTransport) {
        let transport = RecordingTransport(responses: [
            "/factors": RecordingTransport.json(Self.enrolled),
            "/challenge": RecordingTransport.json(#"{"id":"9a000000-0000-4000-8000-000000000001","type":"totp","expires_at":1767225900}"#),
            "/verify": RecordingTransport.json(Self.session), "/user": RecordingTransport.json(Self.user),
            "/factors/\(Self.factorID)": RecordingTransport.json(#"{"id":"\#(Self.factorID)"}"#),
        ])
        let backend = SupabaseAuthBackend(
            configuration: SupabaseConfiguration(projectURL: URL(string: "https://abcd.supabase.co")!, apiKey: "anon-key"),
            transport: transport.transport, clock: TestClock().clock)
        return (backend, transport)
    }

    private let session = AuthSession(
        accessToken: "user.access.token", refreshToken: "abcdefghijkl", expiresAt: .distantFuture, userID: "u")

    @Test("enrol, list, verify (challenge then verify), remove; a factor id that is not a UUID is refused before any request")
    func requests() async throws {
        let (backend, transport) = makeSUT()
        let enrollment = try await backend.enrollTOTP(friendlyName: "iPhone", issuer: "Example", session: session)
        #expect(enrollment.issuer == "Example" && enrollment.accountName == "ada@example.com" && enrollment.secret == "JBSWY3DPEHPK3PXP")
        let listed = try await backend.secondFactors(session: session)
        #expect(listed == [SecondFactor(id: Self.factorID, friendlyName: "iPhone", isVerified: true)])
        let raised = try await backend.verifySecondFactor(Self.factorID, code: "123456", session: session)
        #expect(raised.isAAL2)
        try await backend.removeSecondFactor(Self.factorID, session: session)
        if let mismatch = RequestSnapshot.mismatch(
            RequestSnapshot.render(transport.recorded), named: "supabase-second-factor", testFile: #filePath)
        {
            Issue.record(Comment(rawValue: mismatch))
        }
        transport.reset()
        await #expect(throws: AuthError.self) { try await backend.removeSecondFactor("../user", session: session) }
        #expect(transport.recorded.isEmpty)
    }
}

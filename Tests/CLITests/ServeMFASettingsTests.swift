import AuthTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `login serve` takes GoTrue's MFA settings from GoTrue's variables (internal/conf/configuration.go
/// `MFAConfiguration`: `GOTRUE_MFA_TOTP_ENROLL_ENABLED`, …), as a self-hosted GoTrue does.
@Suite("login serve: GOTRUE_MFA_* settings")
struct ServeMFASettingsTests {
    private func post(_ server: ServeProcess, _ path: String, _ body: String, bearer: String? = nil) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: server.baseURL + "/auth/v1/" + path)!, timeoutInterval: 30)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(server.anonKey, forHTTPHeaderField: "apikey")
        request.httpBody = Data(body.utf8)
        request.setValue("2024-01-01", forHTTPHeaderField: "X-Supabase-Api-Version")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("GOTRUE_MFA_TOTP_ENROLL_ENABLED=false: POST /factors answers 422 mfa_totp_enroll_not_enabled")
    func enrolDisabled() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let state = TemporaryDirectory()
        let server = try await ServeProcess(
            runner: runner, arguments: ["--state-dir", state.path, "--ephemeral", "--supabase-mailer-autoconfirm"],
            environment: ["GOTRUE_MFA_TOTP_ENROLL_ENABLED": "false"])
        let enrol: (Int, String)
        do {
            let signUp = try await post(server, "signup", #"{"email":"ada@example.com","password":"correct horse"}"#)
            let session = try JSONSerialization.jsonObject(with: Data(signUp.1.utf8)) as? [String: Any]
            let bearer = try #require(session?["access_token"] as? String, "\(signUp.0) \(signUp.1)")
            enrol = try await post(server, "factors", #"{"factor_type":"totp"}"#, bearer: bearer)
        } catch {
            _ = await server.stop()
            throw error
        }
        _ = await server.stop()
        #expect(enrol.0 == 422 && enrol.1.contains("mfa_totp_enroll_not_enabled"))
    }
}

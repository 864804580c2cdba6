import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `login serve` configured the way a GoTrue server is, by GoTrue's environment variables
/// (internal/conf/configuration.go), with `GET /settings` reporting it (internal/api/settings.go).
@Suite("login serve: GoTrue's environment variables")
struct ServeGoTrueEnvironmentTests {
    @Test("GOTRUE_DISABLE_SIGNUP and GOTRUE_EXTERNAL_EMAIL_ENABLED reach the server; an unmodelled variable is named, not its value")
    func variables() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let server = try await ServeProcess(
            runner: runner, arguments: ["--state-dir", TemporaryDirectory().path, "--ephemeral"],
            environment: [
                "GOTRUE_DISABLE_SIGNUP": "true", "GOTRUE_EXTERNAL_EMAIL_ENABLED": "false", "GOTRUE_SITE_URL": "http://localhost:9997",
            ])
        var request = URLRequest(url: try #require(URL(string: server.baseURL + "/auth/v1/settings")), timeoutInterval: 60)
        request.setValue(server.anonKey, forHTTPHeaderField: "apikey")
        let (data, _) = try await URLSession.shared.data(for: request)
        let settings = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(settings["disable_signup"] as? Bool == true)
        #expect((settings["external"] as? [String: Any])?["email"] as? Bool == false)

        // A second server on the same port stops at the bind, after its warnings.
        let secret = "smtp-password-never-printed"
        let second = try await runner.run(
            ["serve", "--port", String(server.port), "--ephemeral", "--state-dir", TemporaryDirectory().path],
            environment: ["GOTRUE_SMTP_PASS": secret, "GOTRUE_DISABLE_SIGNUP": "true"])
        _ = await server.stop()
        #expect(second.status != 0)
        #expect(second.stderr.contains("warning: GOTRUE_SMTP_PASS is set, but this emulator does not model it"))
        #expect(!second.stderr.contains("GOTRUE_DISABLE_SIGNUP is set"))
        #expect(!second.stderr.contains(secret) && !second.stdout.contains(secret))
    }

    @Test("a value GoTrue would refuse is a usage error naming the variable")
    func refused() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let result = try await runner.run(
            ["serve", "--port", "0", "--ephemeral", "--state-dir", TemporaryDirectory().path],
            environment: ["GOTRUE_MAILER_AUTOCONFIRM": "maybe"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("GOTRUE_MAILER_AUTOCONFIRM"))
        #expect(!result.stderr.contains("maybe"))
    }
}

import AuthJWT
import AuthTestSupport
import Crypto
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `login serve --supabase-config PATH`: a Supabase CLI project's `supabase/config.toml` mapped
/// to GoTrue's variables as `supabase start` maps it (supabase/cli
/// apps/cli-go/internal/start/start.go), with GoTrue's variables over it and the flags over both;
/// `GET /settings` reports the result (GoTrue internal/api/settings.go).
@Suite("login serve --supabase-config")
struct ServeSupabaseConfigTests {
    private func write(_ text: String, _ name: String, in folder: TemporaryDirectory) throws -> String {
        try write(text, name, at: folder.url)
    }

    private func write(_ text: String, _ name: String, at folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return url.path
    }

    private func call(_ server: ServeProcess, _ method: String, _ path: String, json: String? = nil) async throws -> JSONObject {
        try StrictJSONParser.parseObject(Array(try await server.send(method, path, json: json)))
    }

    @Test("the file, then a variable over it, then a flag over both; signing_keys_path gives the JWKS")
    func precedence() async throws {
        let folder = TemporaryDirectory()
        let keys = PrivateJWKs.variable([PrivateJWKs.ec(P256.Signing.PrivateKey(), kid: "toml-ec", ops: ["sign", "verify"])])
        _ = try write(keys, "signing_keys.json", in: folder)
        let config = try write(
            """
            [auth]
            enable_signup = false
            enable_anonymous_sign_ins = false
            signing_keys_path = "./signing_keys.json"
            [auth.email]
            enable_confirmations = true
            max_frequency = "1s"
            """, "config.toml", in: folder)
        let runner = try CommandRunner.builtProduct("login")
        let server = try await ServeProcess(
            runner: runner,
            arguments: [
                "--state-dir", TemporaryDirectory().path, "--ephemeral", "--supabase-config", config,
                "--supabase-mailer-autoconfirm",
            ],
            environment: ["GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true", "GOTRUE_MAILER_AUTOCONFIRM": "false"])
        let settings = try await call(server, "GET", "/auth/v1/settings")
        #expect(settings["disable_signup"] == .bool(true), "from the file")
        #expect(settings["external"]?.objectValue?["anonymous_users"] == .bool(true), "the variable wins over the file")
        #expect(settings["mailer_autoconfirm"] == .bool(true), "the flag wins over the variable and the file")
        // Sign-ups are off (from the file), so the signing key shows in the JWKS.
        let jwks = try await call(server, "GET", "/auth/v1/.well-known/jwks.json")
        // A second server on the same port stops at the bind, after its warnings.
        let second = try await runner.run(
            ["serve", "--port", String(server.port), "--ephemeral", "--state-dir", TemporaryDirectory().path, "--supabase-config", config])
        await server.stop()
        #expect(second.stderr.contains("auth.email.max_frequency (GOTRUE_SMTP_MAX_FREQUENCY) is set, but this emulator does not model it"))
        #expect(jwks["keys"]?.arrayValue?.compactMap { $0.objectValue?["kid"] } == [.string("toml-ec")], "\(jwks)")
    }

    /// supabase/cli apps/cli-go/pkg/config/templates/config.toml (the defaults `mergeDefaultValues`
    /// in apps/cli-go/pkg/config/config.go merges under the file), turned into GoTrue's variables by
    /// `buildGotrueEnv` in apps/cli-go/internal/start/start.go.
    @Test("a file with only [auth] site_url serves the CLI's template values, in /settings and in behaviour")
    func cliDefaults() async throws {
        let folder = TemporaryDirectory()
        let config = try write("[auth]\nsite_url = \"http://127.0.0.1:3000\"\n", "config.toml", in: folder)
        let server = try await ServeProcess(
            runner: try CommandRunner.builtProduct("login"),
            arguments: ["--state-dir", TemporaryDirectory().path, "--ephemeral", "--supabase-config", config])
        let settings = try await call(server, "GET", "/auth/v1/settings")
        let signUp = try await call(server, "POST", "/auth/v1/signup", json: #"{"email":"cli@example.com","password":"a-long-password"}"#)
        let anonymous = try await call(server, "POST", "/auth/v1/signup", json: "{}")
        _ = await server.stop()
        #expect(settings["mailer_autoconfirm"] == .bool(true), "enable_confirmations = false")
        #expect(settings["disable_signup"] == .bool(false))
        let external = settings["external"]?.objectValue
        #expect(external?["anonymous_users"] == .bool(false) && external?["email"] == .bool(true))
        #expect(external?["apple"] == .bool(false) && external?["google"] == .bool(false), "\(settings)")
        #expect(signUp["user"]?.objectValue?["email_confirmed_at"]?.stringValue != nil, "confirmed at once: \(signUp)")
        #expect(anonymous["error_code"] == .string("anonymous_provider_disabled"), "\(anonymous)")
        let token = try #require(signUp["access_token"]?.stringValue)
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        let claims = try StrictJSONParser.parseObject(try #require(Base64URL.decode(String(parts[1]))))
        let issued = try #require(claims["iat"]?.intValue)
        let expires = try #require(claims["exp"]?.intValue)
        #expect(expires - issued == 3600, "jwt_expiry = 3600")
    }

    /// supabase/cli apps/cli-go/pkg/config/config.go `loadNestedEnv`: the project's `.env` files
    /// are loaded before config.toml, so `env(NAME)` finds them; the process environment wins.
    @Test("env(NAME) finds supabase/.env and the project's .env; a file godotenv refuses names its line, not its value")
    func dotEnv() async throws {
        let project = TemporaryDirectory()
        let supabase = project.url.appendingPathComponent("supabase")
        try FileManager.default.createDirectory(at: supabase, withIntermediateDirectories: true)
        _ = try write("SIGNUP_ON=false\nCONFIRM=true\n", ".env", at: supabase)
        _ = try write("ANONYMOUS=true\nCONFIRM=false\n", ".env", at: project.url)
        let config = try write(
            """
            [auth]
            enable_signup = "env(SIGNUP_ON)"
            enable_anonymous_sign_ins = "env(ANONYMOUS)"
            [auth.email]
            enable_confirmations = "env(CONFIRM)"
            """, "config.toml", at: supabase)
        let runner = try CommandRunner.builtProduct("login")
        let server = try await ServeProcess(
            runner: runner, arguments: ["--state-dir", TemporaryDirectory().path, "--ephemeral", "--supabase-config", config],
            environment: ["ANONYMOUS": "false"])
        let settings = try await call(server, "GET", "/auth/v1/settings")
        _ = await server.stop()
        #expect(settings["disable_signup"] == .bool(true), "SIGNUP_ON from supabase/.env")
        #expect(settings["external"]?.objectValue?["anonymous_users"] == .bool(false), "the process environment wins over .env")
        #expect(settings["mailer_autoconfirm"] == .bool(false), "CONFIRM from supabase/.env, nearer than the project's .env")

        _ = try write("TOKEN=\"secret-value-never-shown\n", ".env.local", at: supabase)
        let refused = try await runner.run(
            ["serve", "--port", "0", "--ephemeral", "--state-dir", TemporaryDirectory().path, "--supabase-config", config])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("supabase/.env.local:1: a quoted value is not closed"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("secret-value-never-shown"))
    }

    @Test("a file the CLI would refuse is a usage error naming its line; a missing file is one too")
    func refused() async throws {
        let folder = TemporaryDirectory()
        let runner = try CommandRunner.builtProduct("login")
        let bad = try write("[auth]\njwt_expiry = \"soon\"\n", "config.toml", in: folder)
        let serve = ["serve", "--port", "0", "--ephemeral", "--state-dir", TemporaryDirectory().path, "--supabase-config"]
        let result = try await runner.run(serve + [bad])
        #expect(result.status == 2)
        #expect(result.stderr.contains("line 2: auth.jwt_expiry takes an integer"), "\(result.stderr)")
        let missing = try await runner.run(serve + [folder.url.path + "/none.toml"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"))
    }
}

import AuthJWT
import AuthSimulation
import AuthTestSupport
import Crypto
import Foundation
import Testing

/// A project's own Supabase JWT secret through GoTrue's variable, which other users cannot read
/// as they can a command line (GoTrue internal/conf/configuration.go: `GOTRUE_JWT_SECRET`).
@Suite("login serve: the JWT secret from GOTRUE_JWT_SECRET")
struct ServeJWTSecretTests {
    @Test("GOTRUE_JWT_SECRET signs the anon key instead of the well-known secret; a short one is refused")
    func fromEnvironment() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let state = TemporaryDirectory()
        let secret = "a-project-secret-of-at-least-32-characters"
        let server = try await ServeProcess(
            runner: runner, arguments: ["--state-dir", state.path, "--ephemeral"], environment: ["GOTRUE_JWT_SECRET": secret])
        _ = await server.stop()
        #expect(server.anonKey != SupabaseLocalKeys.anonKey)
        let parts = server.anonKey.split(separator: ".")
        try #require(parts.count == 3)
        let signed = Data("\(parts[0]).\(parts[1])".utf8)
        let expected = Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))))
        #expect(String(parts[2]) == expected)

        let short = try await runner.run(
            ["serve", "--port", "0", "--ephemeral", "--state-dir", TemporaryDirectory().path], environment: ["GOTRUE_JWT_SECRET": "short"])
        #expect(short.status == 2)
        #expect(short.stderr.contains("GOTRUE_JWT_SECRET"))
        #expect(!short.stderr.contains("short"))
    }
}

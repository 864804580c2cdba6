import AuthJWT
import AuthTestSupport
import Crypto
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `login serve --port 0`: the issuer and the emailed links carry the port the bind picked (as
/// GoTrue's carry `API_EXTERNAL_URL`, internal/conf/configuration.go; firebase-tools
/// src/emulator/auth/operations.ts builds its links on the emulator's own address), and the
/// tokens of a `GOTRUE_JWT_KEYS` project (internal/conf/jwk.go) carry its signing key's `kid`.
@Suite("login serve --port 0: the bound port in the issuer and links; GOTRUE_JWT_KEYS")
struct ServeBoundPortTests {
    private func call(_ server: ServeProcess, _ method: String, _ path: String, json: String? = nil) async throws -> Data {
        try await server.send(method, path, json: json)
    }

    @Test("iss, the Supabase /verify link and the Firebase action link name the bound port; the token is ES256 with its kid")
    func boundPort() async throws {
        let keys = PrivateJWKs.variable([PrivateJWKs.ec(P256.Signing.PrivateKey(), kid: "serve-ec", ops: ["sign", "verify"])])
        let server = try await ServeProcess(
            runner: try CommandRunner.builtProduct("login"), arguments: ["--state-dir", TemporaryDirectory().path, "--ephemeral"],
            environment: ["GOTRUE_JWT_KEYS": keys, "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true"])
        #expect(server.port != 0)
        #expect(!server.banner.contains("\"d\""), "no private key material in the banner")

        let session = try StrictJSONParser.parseObject(Array(try await call(server, "POST", "/auth/v1/signup", json: "{}")))
        let token = try #require(session["access_token"]?.stringValue)
        let jws = try CompactJWS(parsing: token)
        #expect(jws.payload["iss"] == .string(server.baseURL + "/auth/v1"))
        #expect(jws.algorithm == "ES256" && jws.keyID == "serve-ec")
        let jwks = String(decoding: try await call(server, "GET", "/auth/v1/.well-known/jwks.json"), as: UTF8.self)
        #expect(jwks.contains("\"kid\":\"serve-ec\""))

        _ = try await call(server, "POST", "/auth/v1/otp", json: #"{"email":"port@example.com"}"#)
        let supabaseMail = String(decoding: try await call(server, "GET", "/mailbox/port@example.com"), as: UTF8.self)
        #expect(supabaseMail.contains(server.baseURL + "/auth/v1/verify?"), "\(supabaseMail)")

        let oob = #"{"requestType":"EMAIL_SIGNIN","email":"fire@example.com","continueUrl":"http://localhost/done"}"#
        _ = try await call(server, "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=fake-api-key", json: oob)
        let firebaseMail = String(decoding: try await call(server, "GET", "/mailbox/fire@example.com"), as: UTF8.self)
        #expect(firebaseMail.contains(server.baseURL + "/emulator/action?"), "\(firebaseMail)")
        #expect(!(supabaseMail + firebaseMail).contains("127.0.0.1:0/"))
        await server.stop()
    }

    @Test("API_EXTERNAL_URL still fixes the issuer; a GOTRUE_JWT_KEYS GoTrue would refuse is a usage error that prints no key")
    func externalURLAndRefusal() async throws {
        let runner = try CommandRunner.builtProduct("login")
        let server = try await ServeProcess(
            runner: runner, arguments: ["--state-dir", TemporaryDirectory().path, "--ephemeral"],
            environment: ["API_EXTERNAL_URL": "http://auth.example.test:8000/auth/v1", "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true"])
        let session = try StrictJSONParser.parseObject(Array(try await call(server, "POST", "/auth/v1/signup", json: "{}")))
        await server.stop()
        let token = try #require(session["access_token"]?.stringValue)
        #expect(try CompactJWS(parsing: token).payload["iss"] == .string("http://auth.example.test:8000/auth/v1"))

        let secretK = "c2VjcmV0LWtleS1ieXRlcy1uZXZlci1wcmludGVk"
        let verifyOnly = #"[{"kty":"oct","alg":"HS256","kid":"k","k":"\#(secretK)","key_ops":["verify"]}]"#
        let result = try await runner.run(
            ["serve", "--port", "0", "--ephemeral", "--state-dir", TemporaryDirectory().path], environment: ["GOTRUE_JWT_KEYS": verifyOnly])
        #expect(result.status == 2)
        #expect(result.stderr.contains("GOTRUE_JWT_KEYS") && result.stderr.contains("no signing key detected"))
        #expect(!result.stderr.contains(secretK) && !result.stdout.contains(secretK))
    }
}

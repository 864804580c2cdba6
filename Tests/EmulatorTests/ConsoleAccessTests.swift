import AuthJWT
import Foundation
import Testing

@testable import AuthEmulator

/// Who may open the console: this machine always (a loopback peer and a loopback `Host`), other
/// hosts only with `--console` and the service-role key.
@Suite("Console: access")
struct ConsoleAccessTests {
    @Test(
        "a client elsewhere is refused while the console is this machine's only; loopback clients are served",
        arguments: ["203.0.113.7", "10.0.0.5", "::ffff:192.168.1.4", "2001:db8::1"])
    func remoteRefused(address: String) async throws {
        let sut = try await EmulatorHarness.make()
        for target in ["/console", "/console/mail", "/console/live?page=/console"] {
            let refused = await sut.console("GET", target, client: address)
            #expect(refused.status == 403, "\(target)")
            #expect(refused.text.contains("for this machine only"))
            #expect(!refused.text.contains("csrf_token"), "a refusal carries no form token")
        }
        let post = await sut.console("POST", "/console/reset", form: [("confirm", "yes")], client: address)
        #expect(post.status == 403)
        for local in ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"] {
            #expect(await sut.console("GET", "/console", client: local).status == 200, "\(local)")
        }
    }

    @Test("a loopback client whose Host names another site (DNS rebinding) is refused")
    func rebinding() async throws {
        let sut = try await EmulatorHarness.make()
        for host in ["attacker.example:9999", "attacker.example", "127.0.0.1.attacker.example:9999", "10.0.0.5:9999"] {
            #expect(await sut.console("GET", "/console", client: "127.0.0.1", headers: ["host": host]).status == 403, "\(host)")
        }
        for host in ["127.0.0.1:9999", "localhost:9999", "LOCALHOST", "app.localhost:1", "[::1]:9999", "127.0.0.1"] {
            #expect(await sut.console("GET", "/console", client: "127.0.0.1", headers: ["host": host]).status == 200, "\(host)")
        }
    }

    @Test("with --console, another host needs the service-role key: Basic password or bearer; the anon key is not it")
    func serviceRoleKeyElsewhere() async throws {
        let sut = try await EmulatorHarness.make(console: .othersWithServiceRoleKey)
        let remote = "198.51.100.20"
        let bare = await sut.console("GET", "/console", client: remote)
        #expect(bare.status == 401)
        #expect(bare.header("WWW-Authenticate")?.hasPrefix("Basic realm=") == true)
        func basic(_ password: String) -> [String: String] {
            ["authorization": "Basic " + Data("admin:\(password)".utf8).base64EncodedString()]
        }
        #expect(await sut.console("GET", "/console", client: remote, headers: basic(sut.emulator.anonKey)).status == 401)
        #expect(await sut.console("GET", "/console", client: remote, headers: basic("wrong")).status == 401)
        #expect(
            await sut.console("GET", "/console", client: remote, headers: ["authorization": "Bearer \(sut.emulator.anonKey)"]).status == 401
        )
        #expect(await sut.console("GET", "/console", client: remote, headers: basic(sut.emulator.serviceRoleKey)).status == 200)
        #expect(
            await sut.console("GET", "/console/mail", client: remote, headers: ["authorization": "Bearer \(sut.emulator.serviceRoleKey)"])
                .status == 200)
        #expect(await sut.console("GET", "/console", client: "127.0.0.1").status == 200, "this machine needs no key")
    }

    @Test(
        "loopback names and addresses",
        arguments: [
            ("127.0.0.1:80", true), ("localhost", true), ("x.localhost:3000", true), ("[::1]:9999", true),
            ("127.0.0.300", false), ("127.0.0", false), ("localhost.example", false), ("[::2]:1", false), ("", false), ("[::1", false),
        ])
    func hostNames(host: String, loopback: Bool) {
        #expect(ConsoleGate.isLoopback(host: host) == loopback)
    }

    @Test("a console page is not framed, sends no referrer, and allows only its own nonce's script")
    func headers() async throws {
        let sut = try await EmulatorHarness.make()
        let page = await sut.console("GET", "/console")
        let policy = try #require(page.header("Content-Security-Policy"))
        let nonce = try #require(policy.range(of: "script-src 'nonce-").map { policy[$0.upperBound...].prefix { $0 != "'" } })
        #expect(
            !policy.contains("unsafe-inline'; connect") && policy.contains("frame-ancestors 'none'")
                && policy.contains("form-action 'self'"))
        #expect(page.header("X-Frame-Options") == "DENY" && page.header("Referrer-Policy") == "no-referrer")
        #expect(page.text.components(separatedBy: "<script").count == 2, "one script")
        #expect(page.text.contains("<script nonce=\"\(nonce)\">"))
        let again = await sut.console("GET", "/console")
        #expect(again.header("Content-Security-Policy") != policy, "a nonce per response")
    }
}

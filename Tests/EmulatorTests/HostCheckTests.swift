import Foundation
import Testing

@testable import AuthEmulator

/// DNS rebinding against every route family: a page of another site whose name resolves to
/// 127.0.0.1 sends its own name as `Host`; every route refuses it before reading a mailbox,
/// minting a token or listing users. Before this check only `/console` looked at `Host`.
@Suite("Emulator: Host check on every route")
struct HostCheckTests {
    /// One request of each route family, as a rebinding page would send it.
    private static func families(project: String) -> [(method: String, target: String, json: String?)] {
        [
            ("GET", "/", nil),
            ("GET", "/auth/v1/settings", nil),
            ("POST", "/auth/v1/signup", "{}"),
            ("GET", "/mailbox/ada@example.com", nil),
            ("POST", "/reset", nil),
            ("POST", "/functions/v1/delete-account", "{}"),
            ("GET", "/emulator/v1/projects/\(project)/oobCodes", nil),
            ("GET", "/emulator/v1/projects/\(project)/config", nil),
            ("POST", "/identitytoolkit.googleapis.com/v1/projects/\(project)/accounts:query", "{}"),
            ("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", "{}"),
            ("POST", "/securetoken.googleapis.com/v1/token?key=k", "{}"),
            ("POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser?key=k", "{}"),
            ("POST", "/google/signin", "{}"),
            ("GET", "/google/o/oauth2/v2/auth?client_id=c&redirect_uri=http://127.0.0.1:1/cb&response_type=code", nil),
            ("GET", "/appleid/auth/keys", nil),
            ("POST", "/appleid/auth/authorize", "{}"),
            ("GET", "/console", nil),
        ]
    }

    @Test(
        "rebinding Host values are refused with 403 on every route family, naming the flag that allows a name",
        arguments: [
            "attacker.example", "attacker.example:9999", "127.0.0.1.nip.io:9999", "localhost.attacker.example", "LOCALHOST.evil",
            "2130706433:9999", "0x7f000001", "127.1", "evil.com:80@127.0.0.1", "127.0.0.1:9999 evil", "xn--80ak6aa92e.com",
            "", "[::1", "localhost:abc",
        ])
    func rebindingRefused(host: String) async throws {
        let sut = try await EmulatorHarness.make()
        for family in Self.families(project: sut.project) {
            let response = await sut.send(family.method, family.target, json: family.json, headers: ["host": host])
            #expect(response.status == 403, "\(family.target) with Host \(host)")
            #expect(response.text.contains("host_not_allowed"), "\(family.target): \(response.text)")
        }
    }

    @Test(
        "loopback names, IP literals and the bind address are served; so is a name given with --allowed-host",
        arguments: [
            "127.0.0.1:9999", "localhost", "LOCALHOST:54321", "app.localhost:3000", "[::1]:9999", "127.8.9.10", "192.168.1.20:9999",
            "[2001:db8::1]:9999", "dev.example:9999",
        ])
    func allowedServed(host: String) async throws {
        let sut = try await EmulatorHarness.make(allowedHosts: ["Dev.Example"])
        for family in Self.families(project: sut.project) {
            let response = await sut.send(family.method, family.target, json: family.json, headers: ["host": host])
            #expect(!response.text.contains("host_not_allowed"), "\(family.target) with Host \(host)")
        }
        #expect(await sut.send("GET", "/", headers: ["host": host]).status == 200)
    }

    @Test("without --allowed-host, the same name is refused")
    func allowedNameNeedsFlag() async throws {
        let sut = try await EmulatorHarness.make()
        let refusal = await sut.send("GET", "/", headers: ["host": "dev.example:9999"])
        #expect(refusal.status == 403)
        #expect(refusal.text.contains("--allowed-host dev.example"))
    }
}

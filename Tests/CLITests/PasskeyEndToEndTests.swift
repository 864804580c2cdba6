import AuthTestSupport
import Foundation
import Testing

/// `login passkey` with the software authenticator over the state directory's `passkeys.json`:
/// on the embedded engines of both backends, and through the Supabase REST adapter against
/// `login serve` configured by GoTrue's variables (internal/conf/configuration.go
/// `GOTRUE_PASSKEY_ENABLED`, `GOTRUE_WEBAUTHN_RP_ID`, `_RP_DISPLAY_NAME`, `_RP_ORIGINS`).
@Suite("login passkey, end to end")
struct PasskeyEndToEndTests {
    private static func passkeyFile(_ sut: LoginCLI) -> URL { sut.state.url.appendingPathComponent("passkeys.json") }

    /// The private keys in the file, as stored (base64url), to look for in output.
    private static func privateKeys(_ sut: LoginCLI) throws -> [String] {
        let data = try Data(contentsOf: passkeyFile(sut))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (object["passkeys"] as? [[String: Any]] ?? []).compactMap { $0["private_key"] as? String }
    }

    /// Registers, lists, signs out, signs in with the passkey (no email), renames where the
    /// service can, deletes, and is then refused.
    private func lifecycle(_ sut: LoginCLI, extra: [String], origin: [String] = [], renames: Bool) async throws {
        let signedIn = try await sut.json(["apple", "--email", "ada@example.com", "--name", "Ada Lovelace"] + extra)
        let userID = Reply.userID(signedIn)
        #expect(!userID.isEmpty, "\(signedIn)")

        let registered = try await sut.run(["passkey", "register", "--name", "Laptop", "--json"] + extra + origin)
        #expect(registered.status == 0, "\(registered.stdout) \(registered.stderr)")
        let passkey = try #require(try JSONSerialization.jsonObject(with: Data(registered.stdout.utf8)) as? [String: Any])["passkey"]
        let id = try #require((passkey as? [String: Any])?["id"] as? String)
        #expect((passkey as? [String: Any])?["friendlyName"] as? String == "Laptop")
        let attributes = try FileManager.default.attributesOfItem(atPath: Self.passkeyFile(sut).path)
        let mode = try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
        #expect(mode == 0o600)
        let keys = try Self.privateKeys(sut)
        #expect(keys.count == 1)
        for key in keys { #expect(!registered.stdout.contains(key) && !registered.stderr.contains(key), "the private key never prints") }

        let listed = try await sut.run(["passkey", "list"] + extra)
        #expect(listed.status == 0 && listed.stdout.contains(id) && listed.stdout.contains("Laptop"))

        #expect(try await sut.run(["logout"] + extra).status == 0)
        let viaPasskey = try await sut.json(["passkey", "sign-in"] + extra + origin)
        #expect(viaPasskey["event"] as? String == "signedIn", "\(viaPasskey)")
        #expect(Reply.userID(viaPasskey) == userID)

        let renamed = try await sut.json(["passkey", "rename", id, "Work laptop"] + extra)
        if renames {
            #expect(((renamed["passkey"] as? [String: Any])?["friendlyName"] as? String) == "Work laptop", "\(renamed)")
        } else {
            #expect(Reply.errorCode(renamed) != nil, "Firebase has no rename: \(renamed)")
        }

        #expect(try await sut.json(["passkey", "delete", id] + extra)["event"] as? String == "passkeyDeleted")
        #expect((try await sut.json(["passkey", "list"] + extra)["passkeys"] as? [Any])?.isEmpty == true)
        #expect(try await sut.run(["logout"] + extra).status == 0)
        let refused = try await sut.run(["passkey", "sign-in", "--json"] + extra + origin)
        #expect(refused.status == 1, "a deleted passkey is refused by the service: \(refused.stdout)")
    }

    @Test("the embedded engines: register, list, sign in without an email, rename (Supabase), delete", arguments: ["supabase", "firebase"])
    func embedded(backend: String) async throws {
        let sut = try await LoginCLI.make()
        try await lifecycle(sut, extra: ["--backend", backend], renames: backend == "supabase")
    }

    @Test("against login serve with GoTrue's passkey variables, through the REST adapter and --origin")
    func served() async throws {
        let sut = try await LoginCLI.make()
        let directory = TemporaryDirectory()
        try await KeySeed.shared.seed(directory.url, runner: sut.runner)
        let server = try await ServeProcess(
            runner: sut.runner, arguments: ["--state-dir", directory.path],
            environment: [
                "GOTRUE_PASSKEY_ENABLED": "true", "GOTRUE_WEBAUTHN_RP_ID": "localhost", "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": "Test App",
                "GOTRUE_WEBAUTHN_RP_ORIGINS": "http://localhost:3000",
            ])
        let remote = server.remote("supabase")
        do {
            try await lifecycle(sut, extra: remote, origin: ["--origin", "http://localhost:3000"], renames: true)
            // The origin must be one of GOTRUE_WEBAUTHN_RP_ORIGINS: the default (https://localhost) is refused.
            _ = try await sut.json(["apple", "--email", "grace@example.com"] + remote)
            let wrongOrigin = try await sut.json(["passkey", "register"] + remote)
            #expect(Reply.errorCode(wrongOrigin) == "webauthn_verification_failed", "\(wrongOrigin)")
        } catch {
            _ = await server.stop()
            throw error
        }
        _ = await server.stop()
    }
}

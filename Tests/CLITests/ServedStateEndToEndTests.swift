import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// A new user's first session with `login serve`: commands on the state directory it holds use
/// it (its URL and keys are known from the directory), with no `--idp-url` and no key typed;
/// `login env` prints what an app needs; every hint runs as printed.
@Suite("login: against the login serve holding the state directory")
struct ServedStateEndToEndTests {
    @Test(
        "a new user's script on a terminal: reset, sign up, sign in again, an emailed code through the printed hint",
        arguments: ["supabase", "firebase"])
    func newUserScript(backend: String) async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve(sharingState: true)
        defer { Task { _ = await server.stop() } }
        let state = ["--state-dir", cli.state.path]
        let reset = try await cli.run(["reset", "--yes", "--backend", backend])
        #expect(reset.status == 0, "\(reset.stderr)")

        let first = try RunningCommand(cli.runner, ["apple", "--backend", backend] + state, terminal: true)
        #expect(await first.waitFor("name", timeout: 20) != nil, "\(first.stdout)")
        first.send("Ada Lovelace\n")
        #expect(await first.waitFor("[s]hare/[h]ide", timeout: 20) != nil, "\(first.stdout)")
        first.send("s\n")
        #expect(await first.waitForExit(timeout: 30) == 0, "\(first.stdout)")
        #expect(first.stdout.contains("Signed in with Apple (new user)."), "\(first.stdout)")

        let again = try await cli.json(["apple", "--backend", backend])
        #expect(again["isNewUser"] as? Bool == false, "\(again)")
        #expect(Reply.user(again)["displayName"] as? String == "Ada Lovelace")
        let users = try await cli.json(["users", "list", "--backend", backend])
        #expect(users["count"] as? Int == 1, "the server's users, after the reset: \(users)")

        let otp = try RunningCommand(cli.runner, ["otp", "--email", "new@example.com", "--backend", backend] + state, terminal: true)
        #expect(await otp.waitFor("Enter it:", timeout: 20) != nil, "\(otp.stdout)")
        let hint = try #require(otp.stdout.split(whereSeparator: \.isNewline).first { $0.contains("login mailbox") })
        let command = hint[hint.range(of: "login mailbox")!.upperBound...].components(separatedBy: " shows it")[0]
        let printed = command.split(separator: " ").map(String.init)
        #expect(!printed.contains("--idp-url") && !printed.contains("--supabase-key"), "nothing to type: \(hint)")
        let mailbox = try await cli.runner.run(["mailbox"] + printed + ["--json"], timeLimit: 30)
        #expect(mailbox.status == 0, "the hint runs as printed: \(hint) \(mailbox.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(mailbox.stdout.utf8)) as? [String: Any])
        let code = try #require((object["messages"] as? [[String: Any]])?.last?["code"] as? String)
        otp.send(code + "\n")
        #expect(await otp.waitForExit(timeout: 30) == 0, "\(otp.stdout)")
        #expect(otp.stdout.contains("Signed in with Email (new user)."), "\(otp.stdout)")
    }

    @Test("login env prints the server's URL and the well-known anon key in shell, dotenv and JSON forms; an app configured by it signs in")
    func env() async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve(sharingState: true)
        defer { Task { _ = await server.stop() } }
        let json = try await cli.json(["env", "--service-role"])
        #expect(json["SUPABASE_URL"] as? String == server.baseURL)
        #expect(json["SUPABASE_ANON_KEY"] as? String == SupabaseLocalKeys.anonKey)
        #expect(server.anonKey == SupabaseLocalKeys.anonKey, "the banner's key is the well-known one")
        #expect(json["SUPABASE_SERVICE_ROLE_KEY"] as? String == SupabaseLocalKeys.serviceRoleKey)
        #expect(json["FIREBASE_AUTH_EMULATOR_HOST"] as? String == server.hostAndPort)
        #expect(json["LOGIN_IDP_URL"] as? String == server.baseURL)
        let shell = try await cli.run(["env"])
        #expect(shell.stdout.contains("export SUPABASE_URL='\(server.baseURL)'"))
        #expect(!shell.stdout.contains("SERVICE_ROLE"), "the service-role key only on request")
        let dotenv = try await cli.run(["env", "--format", "dotenv"])
        #expect(dotenv.stdout.contains("SUPABASE_ANON_KEY=\"\(SupabaseLocalKeys.anonKey)\""))

        // An app elsewhere (another state directory) with only the printed variables.
        let app = try await LoginCLI.make()
        let variables = ["SUPABASE_URL": server.baseURL, "SUPABASE_ANON_KEY": SupabaseLocalKeys.anonKey]
        let signedIn = try await app.json(["apple", "--email", "app@example.com"], environment: variables)
        #expect(signedIn["isNewUser"] as? Bool == true, "\(signedIn)")
        let urlOnly = try await app.json(["google", "--email", "g@example.com"], environment: ["SUPABASE_URL": server.baseURL])
        #expect(urlOnly["event"] as? String == "signedIn", "a loopback URL needs no key: \(urlOnly)")
        let admin = try await app.json(["users", "list"], environment: variables)
        #expect((admin["count"] as? Int ?? 0) >= 2, "the well-known service-role key goes with the well-known anon key: \(admin)")
    }

    @Test(
        "a host that is not the auth service (a plain 404 page) is a network failure: exit 4 and a message saying what to check",
        arguments: ["supabase", "firebase"])
    func wrongHost(backend: String) async throws {
        let cli = try await LoginCLI.make()
        let other = try LoopbackHTTPServer { _, connection in
            try connection.respond(status: 404, headers: ["Content-Type": "text/html"], body: "<h1>Not Found</h1>")
        }
        defer { other.stop() }
        let base = other.baseURL.absoluteString
        let remote =
            backend == "supabase"
            ? ["--supabase-url", base] : ["--firebase-emulator-host", String(base.dropFirst("http://".count))]
        let result = try await cli.run(["anonymous", "--backend", backend] + remote)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(base) answered HTTP 404"), "\(result.stderr)")
    }
}

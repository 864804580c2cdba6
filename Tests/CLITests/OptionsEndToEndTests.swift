import AuthTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Options, environment variables, and what the tool says (issue 15, items 4, 6, 7, 9, 11 and
/// the Build list), through the built binary.
@Suite("login: options, variables and messages")
struct OptionsEndToEndTests {
    @Test("environment variables reach the remote backend; a flag wins over its variable; LOGIN_STATE_DIR names the state directory")
    func environmentVariables() async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve()
        let supabase = ["SUPABASE_URL": server.baseURL, "SUPABASE_ANON_KEY": server.anonKey, "LOGIN_STATE_DIR": cli.state.path]
        let viaEnvironment = try await cli.json(["anonymous", "--idp-url", server.baseURL], environment: supabase, stateDir: false)
        #expect(viaEnvironment["backend"] as? String == "supabase")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.state.path).contains { $0.hasPrefix("session-remote-supabase") },
            "LOGIN_STATE_DIR was used, and the backend was the remote one")
        var overridden = supabase
        overridden["SUPABASE_URL"] = "http://127.0.0.1:9"
        #expect(
            try await cli.run(["status", "--supabase-url", server.baseURL], environment: overridden, stateDir: false).status == 0,
            "--supabase-url wins over SUPABASE_URL")
        #expect(
            try await cli.run(["anonymous"], environment: overridden, stateDir: false).status == 4,
            "the variable is read when no flag is given")

        let firebase = ["FIREBASE_AUTH_EMULATOR_HOST": server.hostAndPort, "LOGIN_STATE_DIR": cli.state.path]
        let guest = try await cli.json(["anonymous"], environment: firebase, stateDir: false)
        #expect(guest["backend"] as? String == "firebase")
        #expect(try await cli.json(["users"], environment: firebase, stateDir: false)["count"] as? Int == 1, "the user is on the emulator")
        #expect(try await cli.json(["anonymous", "--backend", "firebase"])["backend"] as? String == "firebase", "no variables: embedded")

        let help = try await cli.runner.run(["--help"], timeLimit: 30).stdout
        for name in ["SUPABASE_URL", "SUPABASE_ANON_KEY", "FIREBASE_AUTH_EMULATOR_HOST", "FIREBASE_API_KEY", "LOGIN_STATE_DIR"] {
            #expect(help.contains(name), "--help does not document \(name)")
        }
        await server.stop()
    }

    @Test(
        """
        item 4: --firebase-emulator-host alone reaches the emulator; global sign-out needs no --firebase-project there and keeps status\
         right
        """
    )
    func firebaseRemoteFlags() async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve()
        let remote = ["--firebase-emulator-host", server.hostAndPort, "--idp-url", server.baseURL]
        _ = try await cli.json(["google", "--email", "fb@example.com", "--name", "Fire Base"] + remote)
        #expect(try await cli.json(["users"] + remote)["count"] as? Int == 1, "the emulator answered, not the in-process engine")
        #expect(
            try await cli.json(["status", "--firebase-project", "demo-authcoordinator"] + remote)["signedIn"] as? Bool == true,
            "--firebase-project does not change which session file is used")
        let logout = try await cli.json(["logout", "--scope", "global"] + remote)
        #expect(logout["wasSignedIn"] as? Bool == true, "\(logout)")
        #expect(try await cli.json(["status"] + remote)["signedIn"] as? Bool == false)
        await server.stop()
    }

    @Test("item 6: linking what the account has says so; after unlink, status no longer says signed in with it")
    func linkAndUnlinkMessages() async throws {
        let cli = try await LoginCLI.make()
        _ = try await cli.json(["apple", "--email", "both@example.com", "--name", "Bo Th"])
        let again = try await cli.run(["link", "apple"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("Apple is already linked to this account"), "\(again.stderr)")
        #expect(!again.stderr.contains("another user"))
        _ = try await cli.json(["link", "google", "--email", "both@example.com", "--name", "Bo Th"])
        #expect(try await cli.run(["status"]).stdout.contains("Signed in with Google."))
        _ = try await cli.json(["unlink", "google"])
        let status = try await cli.run(["status"])
        #expect(!status.stdout.contains("Signed in with Google"), "\(status.stdout)")
        #expect(status.stdout.contains("Signed in."))
    }

    @Test("item 7: remote delete-account of an Apple account names the flags; apple against another machine without --idp-url is usage (2)")
    func remoteAppleMessages() async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve()
        let remote = ["--supabase-url", server.baseURL, "--supabase-key", server.anonKey]
        // 0.0.0.0 reaches this machine on Linux but is not a loopback name: no default --idp-url.
        let elsewhere = ["--supabase-url", "http://0.0.0.0:\(server.port)", "--supabase-key", server.anonKey]
        let noIDP = try await cli.run(["apple"] + elsewhere)
        #expect(noIDP.status == 2)
        #expect(noIDP.stderr.contains("--idp-url"), "\(noIDP.stderr)")
        #expect(
            try await cli.json(["apple", "--email", "loop@example.com"] + remote)["event"] as? String == "signedIn",
            "a URL on this machine is the emulator: its own Apple, no --idp-url")
        _ = try await cli.json(["apple", "--email", "del@example.com", "--name", "De L", "--idp-url", server.baseURL] + remote)
        let delete = try await cli.run(["delete-account", "--yes", "--idp-url", server.baseURL] + remote)
        #expect(delete.status == 2)
        for flag in ["--apple-team-id", "--apple-key-id", "--apple-key-file"] { #expect(delete.stderr.contains(flag), "\(delete.stderr)") }
        #expect(!delete.stderr.contains("AppleTokenRevoking"))
        await server.stop()
    }

    @Test("item 9: hints repeat the flags in use, messages do not repeat themselves, never signed in says so")
    func messages() async throws {
        let cli = try await LoginCLI.make()
        let sent = try await cli.run(["otp", "--email", "hint@example.com", "--backend", "firebase"])
        #expect(
            sent.stdout.contains("login mailbox --email hint@example.com --backend firebase --state-dir \(cli.state.path)"),
            "\(sent.stdout)")
        let refused = try await cli.run(["delete-account"])
        #expect(refused.status == 1 && refused.stderr.contains("not signed in"), "\(refused.stderr)")
        for command in [["refresh"], ["link", "google"], ["unlink", "apple"]] {
            let result = try await cli.run(command)
            #expect(result.stderr.contains("error: you're not signed in"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("session has ended"))
            #expect(!result.stderr.contains("("), "one sentence, no developer detail without --verbose: \(result.stderr)")
        }
        _ = try await cli.json(["anonymous"])
        let yes = try await cli.run(["delete-account"])
        #expect(yes.stderr.components(separatedBy: "--yes").count == 2, "said once: \(yes.stderr)")
    }

    @Test("item 9: no internal text: a port in use, an answer that is not the service's, a damaged state file")
    func noInternalText() async throws {
        let cli = try await LoginCLI.make()
        let (server, _) = try await cli.serve()
        let other = try await LoginCLI.make()
        let busyPort = try await other.run(["serve", "--port", String(server.port)])
        #expect(busyPort.status == 4)
        #expect(busyPort.stderr.contains("error: port \(server.port) on 127.0.0.1 is already in use"), "\(busyPort.stderr)")
        #expect(!busyPort.stderr.contains("bind(descriptor"))
        await server.stop()

        let wrongShape = try LoopbackHTTPServer { _, connection in
            try connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: #"{"hello":"world"}"#)
        }
        defer { wrongShape.stop() }
        let unreadable = try await cli.run(["anonymous", "--supabase-url", wrongShape.baseURL.absoluteString, "--supabase-key", "k"])
        #expect(unreadable.status == 4)
        #expect(unreadable.stderr.contains("could not be read"), "\(unreadable.stderr)")
        #expect(!unreadable.stderr.contains("DecodingError") && !unreadable.stderr.contains("keyNotFound"))
        let verbose = try await cli.run([
            "anonymous", "--supabase-url", wrongShape.baseURL.absoluteString, "--supabase-key", "k", "--verbose",
        ])
        #expect(verbose.stderr.contains("detail:"), "--verbose keeps the developer detail")
    }

    @Test("item 11: no default Google name, notes for ignored options, --verbose says what happens, guests print as guests")
    func item11() async throws {
        let cli = try await LoginCLI.make()
        let google = try await cli.json(["google"])
        #expect(Reply.user(google)["displayName"] is NSNull, "no Grace Hopper by default: \(google)")
        let returning = try await cli.run(["google", "--name", "Other Name"])
        #expect(returning.stderr.contains("note: --name was not used"))
        _ = try await cli.run(["apple", "--email", "notes@example.com", "--name", "First Name"])
        let again = try await cli.run(["apple", "--email", "notes@example.com", "--name", "Second Name", "--hide-email"])
        #expect(again.stderr.contains("note: --name was not used") && again.stderr.contains("--hide-email/--share-email was not used"))

        let verbose = try await cli.run(["anonymous", "--verbose"])
        #expect(verbose.stderr.contains("signing in: anonymous") && verbose.stderr.contains("signed in"), "\(verbose.stderr)")
        #expect(try await cli.run(["refresh", "--verbose"]).stderr.contains("refreshing the session"))
        #expect(try await cli.run(["logout", "--verbose"]).stderr.contains("signing out"))

        let guest = try await cli.run(["anonymous"])
        #expect(guest.stdout.contains("Signed in as a guest") && guest.stdout.contains("none (a guest account)"))
        #expect(!guest.stdout.contains("Signed in with Guest"))
        #expect(Reply.user(try await cli.json(["status"]))["providers"] as? [String] == [])
        #expect(
            try await cli.json(["status", "--backend", "FIREBASE"])["backend"] as? String == "firebase", "--backend is case-insensitive")
        let help = try await cli.runner.run(["help", "nonexist"], timeLimit: 30)
        #expect(help.status == 2 && help.stderr.contains("nonexist"))
        #expect(try await cli.runner.run(["help", "users", "ban"], timeLimit: 30).status == 0)
        let version = try await cli.runner.run(["--version"], timeLimit: 30)
        #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3)
    }

    @Test("item 11: serve --json prints the banner as one object; the Apple discovery document keeps the port")
    func serveJSONAndDiscovery() async throws {
        let cli = try await LoginCLI.make()
        let serve = try RunningCommand(cli.runner, ["serve", "--port", "0", "--json", "--ephemeral", "--state-dir", cli.state.path])
        #expect(await serve.waitFor("\"event\":\"serving\"", timeout: 30) != nil, "\(serve.stdout)\(serve.stderr)")
        let line = try #require(serve.stdout.split(separator: "\n").first)
        let banner = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let url = try #require(banner["url"] as? String)
        #expect((banner["supabase"] as? [String: Any])?["anonKey"] is String)
        let discovery = try await URLSession.shared.data(from: URL(string: url + "/appleid/.well-known/openid-configuration")!).0
        let document = try #require(try JSONSerialization.jsonObject(with: discovery) as? [String: Any])
        #expect(document["jwks_uri"] as? String == url + "/appleid/auth/keys", "\(document)")
        serve.interrupt()
        #expect(await serve.waitForExit(timeout: 20) == 0)
    }
}

import AuthTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The new commands on both backends, embedded and against `login serve`: `users`, `token`,
/// `reset`, `refresh --expire`, and the membership and terms gates (issue 15: Build, item 13).
@Suite("login: users, token, reset, membership")
struct UsersEndToEndTests {
    /// Where a test's commands go: the embedded services, or a `login serve` they reach over HTTP.
    struct Setup: Sendable, CustomTestStringConvertible {
        let backend: String
        let remote: Bool
        var testDescription: String { "\(backend) \(remote ? "remote" : "embedded")" }

        static let all = [
            Setup(backend: "supabase", remote: false), Setup(backend: "supabase", remote: true),
            Setup(backend: "firebase", remote: false), Setup(backend: "firebase", remote: true),
        ]
    }

    /// What a setup's commands need: the flags of every command, those of the admin commands,
    /// and the server (kept alive by the caller) with its state directory.
    private struct Target {
        var flags: [String]
        var admin: [String]
        var server: ServeProcess?
        var serverState: TemporaryDirectory?
    }

    private func target(_ cli: LoginCLI, _ setup: Setup) async throws -> Target {
        guard setup.remote else { return Target(flags: ["--backend", setup.backend], admin: ["--backend", setup.backend]) }
        let (server, serverState) = try await cli.serve()
        let flags = server.remote(setup.backend)
        var admin = flags
        if setup.backend == "supabase" {
            admin += [
                "--service-role-key", try String(contentsOf: serverState.url.appendingPathComponent("service_role.key"), encoding: .utf8),
            ]
        }
        return Target(flags: flags, admin: admin, server: server, serverState: serverState)
    }

    @Test("users list (paged one at a time), show, claims, ban, unban, delete", arguments: Setup.all)
    func users(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let (flags, admin) = (target.flags, target.admin)
        let apple = try await cli.json(["apple", "--email", "admin-\(setup.backend)@example.com", "--name", "Ada Lovelace"] + flags)
        let id = Reply.userID(apple)
        _ = try await cli.json(["anonymous"] + flags)
        _ = try await cli.json(["google", "--email", "g@example.com", "--name", "Grace Hopper"] + flags)

        let list = try await cli.json(["users", "list", "--per-page", "1"] + admin)
        #expect(list["count"] as? Int == 3, "\(list)")
        #expect(
            (list["users"] as? [[String: Any]])?.contains { $0["id"] as? String == id && ($0["providers"] as? [String]) == ["apple"] }
                == true)

        let shown = Reply.user(try await cli.json(["users", "show", id] + admin))
        #expect(shown["email"] as? String == "admin-\(setup.backend)@example.com")

        let claimed = Reply.user(try await cli.json(["users", "claims", id, "org=acme", "level=3"] + admin))
        #expect((claimed["claims"] as? [String: Any])?["org"] as? String == "acme")
        #expect((claimed["claims"] as? [String: Any])?["level"] as? Int == 3)
        let removed = Reply.user(try await cli.json(["users", "claims", id, "level="] + admin))
        #expect((removed["claims"] as? [String: Any])?["level"] == nil)

        #expect(Reply.user(try await cli.json(["users", "ban", id, "--for", "forever"] + admin))["disabled"] as? Bool == true)
        let refused = try await cli.json(["apple", "--email", "admin-\(setup.backend)@example.com"] + flags)
        #expect(Reply.errorCode(refused) == "account_disabled", "\(refused)")
        #expect(Reply.user(try await cli.json(["users", "ban", id, "--for", "none"] + admin))["disabled"] as? Bool == false)
        if setup.backend == "supabase" {
            let timed = Reply.user(try await cli.json(["users", "ban", id, "--for", "1h30m"] + admin))
            #expect(timed["bannedUntil"] is String)
        } else {
            #expect(try await cli.run(["users", "ban", id, "--for", "1h"] + admin).status == 2, "Firebase has no timed ban")
        }

        #expect(try await cli.json(["users", "delete", id] + admin)["event"] as? String == "userDeleted")
        #expect(try await cli.json(["users", "list"] + admin)["count"] as? Int == 2)
        let gone = try await cli.run(["users", "show", id, "--json"] + admin)
        #expect(gone.status == 1)
        #expect(gone.stdout.contains("\"user_not_found\""), "the same code on both backends")
        await target.server?.stop()
    }

    @Test("--require-membership routes to pendingInvitation until the admin sets the claim", arguments: Setup.all)
    func membershipAndTerms(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let (flags, admin) = (target.flags, target.admin)
        let email = ["--email", "member-\(setup.backend)@example.com"]
        let pending = try await cli.json(["apple", "--name", "Mem Ber", "--require-membership", "org"] + email + flags)
        #expect(pending["destination"] as? String == "pendingInvitation", "\(pending)")
        _ = try await cli.json(["users", "claims", Reply.userID(pending), "org=acme"] + admin)
        let member = try await cli.json(["apple", "--require-membership", "org"] + email + flags)
        #expect(member["destination"] as? String == "main", "\(member)")

        await target.server?.stop()
    }

    /// The terms gate is for new sign-ups only: whether an account is new is the backend's answer
    /// (GoTrue `internal/api/token_oidc.go` creates the user on a first ID-token grant through
    /// `createAccountFromExternalIdentity`, `internal/api/external.go`; Identity Toolkit
    /// `signInWithIdp` answers `isNewUser`, firebase-tools `src/emulator/auth/operations.ts`).
    /// A declined new sign-up is undone with the package's account deletion (GoTrue's admin-free
    /// path is the project's delete-account function; Identity Toolkit `accounts:delete`), with
    /// Apple's tokens revoked first.
    @Test(
        "without a terminal, --require-terms undoes a new account and refuses; the retry is new again; a returning user passes",
        arguments: Setup.all)
    func termsGateNewSignUpsOnly(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let (flags, admin) = (target.flags, target.admin)
        let email = ["--email", "terms-\(setup.backend)@example.com", "--name", "Terms Reader"]
        for _ in 0..<2 {
            let refused = try await cli.run(["google", "--require-terms", "--json"] + email + flags)
            #expect(refused.status == 1, "the README's exit for a refusal: \(refused.stdout) \(refused.stderr)")
            #expect(refused.stdout.contains("terms_not_accepted") && refused.stdout.contains("--accept-terms"), "\(refused.stdout)")
            #expect(try await cli.json(["users", "list"] + admin)["count"] as? Int == 0, "the new account was undone")
            #expect(try await cli.json(["status"] + flags)["signedIn"] as? Bool == false)
        }
        let guest = try await cli.run(["anonymous", "--require-terms"] + flags)
        #expect(guest.status == 1 && guest.stderr.contains("--accept-terms"), "\(guest.stderr)")
        #expect(try await cli.json(["users", "list"] + admin)["count"] as? Int == 0)

        let apple = try await cli.json(["apple", "--require-terms"] + email + flags)
        if setup.remote {
            // Deleting an Apple account revokes its tokens first, which needs the team's key.
            #expect(Reply.errorCode(apple) == "terms_declined_account_kept", "\(apple)")
            #expect(((apple["error"] as? [String: Any])?["message"] as? String)?.contains("--apple-team-id") == true, "\(apple)")
            let kept = try await cli.json(["users", "list"] + admin)
            #expect(kept["count"] as? Int == 1)
            #expect(try await cli.json(["status"] + flags)["signedIn"] as? Bool == false, "signed out all the same")
            let keptID = try #require((kept["users"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await cli.json(["users", "delete", keptID] + admin)["event"] as? String == "userDeleted", "the hint works")
        } else {
            #expect(Reply.errorCode(apple) == "terms_not_accepted", "\(apple)")
            #expect(try await cli.json(["users", "list"] + admin)["count"] as? Int == 0, "Apple's tokens revoked and the account deleted")
        }

        let accepted = try await cli.json(["google", "--require-terms", "--accept-terms"] + email + flags)
        #expect(accepted["event"] as? String == "signedIn" && accepted["isNewUser"] as? Bool == true, "\(accepted)")
        _ = try await cli.run(["logout"] + flags)
        let returning = try await cli.json(["google", "--require-terms"] + email + flags)
        #expect(returning["event"] as? String == "signedIn" && returning["isNewUser"] as? Bool == false, "never asked: \(returning)")
        #expect(Reply.userID(returning) == Reply.userID(accepted))
        await target.server?.stop()
    }

    @Test(
        "token prints the whole access token (it works as a bearer), --refresh the refresh token; refresh --expire forces the next refresh",
        arguments: Setup.all)
    func tokenAndExpire(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let flags = target.flags
        #expect(try await cli.run(["token"] + flags).status == 1, "not signed in")
        _ = try await cli.json(["anonymous"] + flags)
        let sessionFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cli.state.path).first { $0.hasPrefix("session-") && $0.hasSuffix(".json") })
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: cli.state.url.appendingPathComponent(sessionFile))) as? [String: Any])
        let tokens = try #require((saved["stored"] as? [String: Any])?["session"] as? [String: Any])

        let access = try await cli.run(["token"] + flags)
        #expect(access.status == 0)
        #expect(access.stdout == (tokens["accessToken"] as? String ?? "") + "\n", "the whole token, alone on its line")
        #expect(try await cli.run(["token", "--refresh"] + flags).stdout == (tokens["refreshToken"] as? String ?? "") + "\n")
        let help = try await cli.runner.run(["token", "--help"], timeLimit: 30)
        #expect(help.stdout.contains("prints a secret whole"))

        if let server = target.server {
            let url =
                setup.backend == "supabase"
                ? server.baseURL + "/auth/v1/user" : server.baseURL + "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k"
            var request = URLRequest(url: URL(string: url)!)
            let token = access.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if setup.backend == "supabase" {
                request.setValue(server.anonKey, forHTTPHeaderField: "apikey")
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            } else {
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(#"{"idToken":"\#(token)"}"#.utf8)
            }
            #expect(
                (try await URLSession.shared.data(for: request).1 as? HTTPURLResponse)?.statusCode == 200, "curl with $(login token) works")
        }

        #expect(try await cli.json(["refresh", "--expire"] + flags)["event"] as? String == "sessionExpired")
        #expect(try await cli.json(["status"] + flags)["expired"] as? Bool == true)
        let fresh = try await cli.run(["token"] + flags)
        #expect(fresh.status == 0 && fresh.stdout != access.stdout, "an expired token is refreshed before it is printed")
        await target.server?.stop()
    }

    @Test("reset forgets every user and session, keeps the keys", arguments: Setup.all)
    func reset(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let (flags, admin, serverState) = (target.flags, target.admin, target.serverState)
        _ = try await cli.json(["anonymous"] + flags)
        _ = try await cli.json(["apple", "--email", "reset@example.com", "--name", "Re Set"] + flags)
        let keysFile = (serverState ?? cli.state).url.appendingPathComponent("keys.json")
        let keys = try Data(contentsOf: keysFile)
        #expect(try await cli.run(["reset"] + admin).status == 2, "no terminal: --yes is required")
        #expect(try await cli.json(["reset", "--yes"] + admin)["event"] as? String == "reset")
        #expect(try await cli.json(["users", "list"] + admin)["count"] as? Int == 0)
        #expect(try await cli.json(["status"] + flags)["signedIn"] as? Bool == false)
        #expect(try Data(contentsOf: keysFile) == keys)
        let again = try await cli.json(["apple", "--email", "reset@example.com", "--name", "Re Set"] + flags)
        #expect(again["isNewUser"] as? Bool == true, "Apple forgot the authorization too: a first sign-in again")
        await target.server?.stop()
    }

    @Test(
        """
        against login serve on the same state directory, users reads the service_role.key serve wrote; without one it names\
         --service-role-key
        """
    )
    func servedServiceRoleKey() async throws {
        let cli = try await LoginCLI.make()
        // Project keys: with the well-known ones, the well-known service-role key would do.
        let (server, _) = try await cli.serve(["--supabase-state-keys"], sharingState: true)
        _ = try await cli.json(["anonymous"] + server.remote("supabase"))
        #expect(try await cli.json(["users", "list"] + server.remote("supabase"))["count"] as? Int == 1)
        let other = TemporaryDirectory()
        let elsewhere = try await cli.run(["users", "list", "--state-dir", other.path] + server.remote("supabase"), stateDir: false)
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("--service-role-key"))
        await server.stop()
    }
}

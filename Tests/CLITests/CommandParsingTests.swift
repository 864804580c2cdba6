import ArgumentParser
import Testing

@testable import login

@Suite("login: parsing")
struct CommandParsingTests {
    private func parse<T>(_ arguments: [String], as type: T.Type) throws -> T {
        let command = try Login.parseAsRoot(arguments)
        return try #require(command as? T, "parsed \(Swift.type(of: command)), expected \(T.self)")
    }

    @Test("apple takes the sheet's choices and the global options")
    func apple() throws {
        let command = try parse(
            [
                "apple", "--email", "ada@example.com", "--name", "Ada Lovelace", "--hide-email",
                "--backend", "firebase", "--state-dir", "/tmp/x", "--json", "--verbose",
            ], as: AppleCommand.self)
        #expect(command.sheet.email == "ada@example.com")
        #expect(command.sheet.name == "Ada Lovelace")
        #expect(command.emailChoice == .hideEmail)
        #expect(!command.cancel)
        #expect(command.global.backend == .firebase)
        #expect(command.global.stateDirectory.path == "/tmp/x")
        #expect(command.global.json && command.global.verbose)
        #expect(try parse(["apple", "--share-email", "--cancel"], as: AppleCommand.self).emailChoice == .shareEmail)
        #expect(try parse(["apple"], as: AppleCommand.self).global.backend == .supabase)
    }

    @Test("google, anonymous, otp, status, refresh, logout and mailbox parse")
    func others() throws {
        let google = try parse(["google", "--email", "g@example.com", "--name", "Grace Hopper", "--cancel"], as: GoogleCommand.self)
        #expect(google.sheet.email == "g@example.com" && google.cancel)
        _ = try parse(["anonymous"], as: AnonymousCommand.self)
        let otp = try parse(["otp", "--email", "a@example.com", "--code", "123456"], as: EmailCodeCommand.self)
        #expect(otp.code == "123456")
        #expect(try parse(["otp", "--email", "a@example.com"], as: EmailCodeCommand.self).code == nil)
        _ = try parse(["status"], as: StatusCommand.self)
        _ = try parse(["refresh"], as: RefreshCommand.self)
        #expect(try parse(["logout", "--scope", "global"], as: LogoutCommand.self).scope == .global)
        #expect(try parse(["logout"], as: LogoutCommand.self).scope == .local)
        #expect(try parse(["mailbox", "--email", "a@example.com"], as: MailboxCommand.self).email == "a@example.com")
        let link = try parse(["link", "google", "--email", "g@example.com", "--switch-if-taken"], as: LinkCommand.self)
        #expect(link.provider == .google && link.switchIfTaken)
        #expect(try parse(["unlink", "email"], as: UnlinkCommand.self).provider == .email)
        #expect(try parse(["delete-account", "--yes"], as: DeleteAccountCommand.self).yes)
        let serve = try parse(
            ["serve", "--port", "0", "--ephemeral", "--anon-key", "k1", "--anon-key", "k2", "--apple-client-id", "a.b"],
            as: ServeCommand.self)
        #expect(serve.port == 0 && serve.ephemeral && serve.anonKey == ["k1", "k2"] && serve.appleClientID == ["a.b"])
        let remote = try parse(
            ["status", "--supabase-url", "http://127.0.0.1:9999", "--supabase-key", "k", "--idp-url", "http://127.0.0.1:9999"],
            as: StatusCommand.self)
        #expect(remote.global.isRemote)
        #expect(
            try parse(["status", "--firebase-api-key", "k", "--firebase-emulator-host", "127.0.0.1:9099"], as: StatusCommand.self).global
                .backend == .firebase)
    }

    @Test("--timeout sets the deadline of every request to a remote backend; 30 s by default")
    func timeout() throws {
        let remote = ["--supabase-url", "http://127.0.0.1:9999", "--supabase-key", "k"]
        #expect(try parse(["status", "--timeout", "5"] + remote, as: StatusCommand.self).global.transportLimits.timeout == 5)
        #expect(try parse(["refresh", "--timeout", "300"], as: RefreshCommand.self).global.timeout == 300)
        let limits = try parse(["status"] + remote, as: StatusCommand.self).global.transportLimits
        #expect(limits.timeout == 30 && limits.maxResponseBytes == 1 << 20)
    }

    @Test("--browser signs in through a browser; --timeout then also bounds the wait for it (5 minutes by default)")
    func browser() throws {
        let apple = try parse(["apple", "--browser", "--no-open"], as: AppleCommand.self)
        let signIn = try #require(apple.browserOptions.signIn(apple.global))
        #expect(!signIn.launch && signIn.timeout == .seconds(300))
        #expect(apple.global.transportLimits.timeout == 30, "the HTTP deadline keeps its own default")
        let google = try parse(["google", "--browser", "--timeout", "60"], as: GoogleCommand.self)
        #expect(google.browserOptions.signIn(google.global)?.launch == true && google.global.browserTimeout == .seconds(60))
        #expect(try parse(["link", "apple", "--browser"], as: LinkCommand.self).browserOptions.browser)
        let plain = try parse(["apple"], as: AppleCommand.self)
        #expect(plain.browserOptions.signIn(plain.global) == nil)
    }

    @Test("the new commands and options parse: users, token, reset, refresh --expire, the gates, serve --json")
    func newCommands() throws {
        #expect(try parse(["users", "list", "--per-page", "5"], as: UsersListCommand.self).perPage == 5)
        _ = try parse(["users"], as: UsersListCommand.self)
        #expect(try parse(["users", "show", "abc"], as: UsersShowCommand.self).id == "abc")
        #expect(try parse(["users", "delete", "abc", "--service-role-key", "k"], as: UsersDeleteCommand.self).admin.serviceRoleKey == "k")
        #expect(try parse(["users", "ban", "abc", "--for", "1h30m"], as: UsersBanCommand.self).duration == "1h30m")
        #expect(try parse(["users", "claims", "abc", "org=acme", "n=1"], as: UsersClaimsCommand.self).assignments == ["org=acme", "n=1"])
        #expect(try parse(["token", "--refresh"], as: TokenCommand.self).refresh)
        #expect(try parse(["reset", "--yes"], as: ResetCommand.self).yes)
        #expect(try parse(["refresh", "--expire"], as: RefreshCommand.self).expire)
        let gated = try parse(["apple", "--require-membership", "org", "--require-terms", "--accept-terms"], as: AppleCommand.self)
        #expect(gated.gates.requireMembership == "org" && gated.gates.requireTerms && gated.gates.acceptTerms)
        #expect(try parse(["serve", "--json", "--port", "0"], as: ServeCommand.self).json)
        #expect(try parse(["status", "--backend", "FireBase"], as: StatusCommand.self).global.backend == .firebase)
        #expect(try parse(["status", "--lock-timeout", "2.5"], as: StatusCommand.self).global.lockTimeout == 2.5)
    }

    @Test(
        "bad input is a usage error",
        arguments: [
            ["apple", "--hide-email", "--share-email"], ["apple", "--backend", "parse"], ["apple", "--name", " "],
            ["apple", "--email", "not-an-email"], ["otp"], ["otp", "--email", "a@"], ["otp", "--email", "a@example.com", "--code", " "],
            ["logout", "--scope", "everywhere"], ["mailbox"], ["fly"], ["link", "facebook"], ["unlink", "twitter"],
            ["serve", "--port", "70000"],
            ["status", "--supabase-url", "http://x"], ["status", "--firebase-api-key", "k", "--firebase-emulator-host", "http://h:1"],
            ["apple", "--firebase-api-key", "k", "--firebase-emulator-host", "a b:9"],
            ["apple", "--firebase-api-key", "k", "--firebase-emulator-host", "h#x:9"],
            ["status", "--timeout", "0"], ["status", "--timeout", "301"], ["status", "--timeout", "-5"], ["status", "--timeout", "soon"],
            ["status", "--state-dir", ""], ["status", "--supabase-url", "http://"], ["status", "--lock-timeout", "-1"],
            ["status", "--lock-timeout", "inf"],
            ["status", "--supabase-url", "http://h", "--supabase-key", "k", "--firebase-emulator-host", "h:1"],
            ["anonymous", "--accept-terms"],
            ["users", "ban", "x", "--for", "7d"], ["users", "ban", "x", "--for", "99999999h"], ["users", "ban", "x", "--for", "-1h"],
            ["users", "claims", "x"], ["users", "claims", "x", "sub=1"], ["users", "claims", "x", "noequals"],
            ["users", "list", "--per-page", "0"],
            ["serve", "--state-dir", ""], ["apple", "--require-membership", ""],
            ["serve", "--database", "/tmp/shared.sqlite3", "--ephemeral"], ["serve", "--database", ""],
            ["apple", "--no-open"], ["apple", "--browser", "--name", "Ada Lovelace"], ["apple", "--browser", "--hide-email"],
            ["apple", "--browser", "--cancel"],
            ["google", "--browser", "--email", "g@example.com"], ["google", "--browser", "--cancel"],
            ["link", "apple", "--browser", "--hide-email"],
        ])
    func usageErrors(arguments: [String]) {
        #expect(throws: (any Error).self) { _ = try Login.parseAsRoot(arguments) }
    }

    @Test("the state directory defaults to $XDG_STATE_HOME/login or ~/.local/state/login")
    func defaultStateDirectory() throws {
        let path = try parse(["status"], as: StatusCommand.self).global.stateDirectory.path
        #expect(path.hasSuffix("/login"))
    }
}

/// Options before a `users` subcommand, and `serve --host` bounds.
@Suite("login: option order and serve's host")
struct OptionOrderParsingTests {
    @Test("login users --backend firebase show ID parses as login users show ID --backend firebase")
    func usersOptionsFirst() throws {
        let moved = Login.subcommandFirst(["users", "--backend", "firebase", "show", "abc"])
        #expect(moved == ["users", "show", "--backend", "firebase", "abc"])
        let show = try #require(try Login.parseAsRoot(moved) as? UsersShowCommand)
        #expect(show.global.backend == .firebase)
        #expect(Login.subcommandFirst(["users", "show", "x", "--json"]) == ["users", "show", "x", "--json"])
        #expect(Login.subcommandFirst(["apple", "--email", "show"]) == ["apple", "--email", "show"])
    }

    @Test("serve --host takes an IP address, not a name it would fail to bind")
    func serveHost() throws {
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--host", "not a host"]) }
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--host", "example.com"]) }
        for host in ["127.0.0.1", "::1", "0.0.0.0", "localhost"] {
            #expect(try Login.parseAsRoot(["serve", "--host", host]) is ServeCommand, "\(host)")
        }
    }

    @Test("a code that begins with '-' is a code, not an option (a Firebase oobCode is base64url)")
    func codeBeginningWithDash() throws {
        #expect((try Login.parseAsRoot(["otp", "--email", "ada@example.com", "--code", "-Xy_9"]) as? EmailCodeCommand)?.code == "-Xy_9")
        #expect(
            (try Login.parseAsRoot(["password", "reset", "--email", "ada@example.com", "--code", "-Xy_9"]) as? PasswordResetCommand)?.code
                == "-Xy_9")
        #expect((try Login.parseAsRoot(["password", "verify-email", "--code", "-Xy_9"]) as? PasswordVerifyEmailCommand)?.code == "-Xy_9")
    }
}

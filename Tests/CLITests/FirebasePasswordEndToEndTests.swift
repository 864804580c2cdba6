import AuthTestSupport
import Foundation
import Testing

/// `login password …` and `login users create` on Firebase, on the embedded engine and against
/// `login serve`, after firebase-tools src/emulator/auth/operations.ts (`signUp`,
/// `signInWithPassword`, `sendOobCode`, `resetPassword`, `setAccountInfo`) and Google's Identity
/// Toolkit reference: the `PASSWORD_RESET`, `VERIFY_EMAIL` and `VERIFY_AND_CHANGE_EMAIL` codes are read from the
/// mailbox as the Supabase test reads its codes; the password only ever on standard input.
@Suite("login: passwords on Firebase")
struct FirebasePasswordEndToEndTests {
    /// The embedded engine, or a `login serve` reached over HTTP.
    struct Setup: Sendable, CustomTestStringConvertible {
        let remote: Bool
        var testDescription: String { remote ? "firebase remote" : "firebase embedded" }
        static let all = [Setup(remote: false), Setup(remote: true)]
    }

    /// The flags that aim commands at the setup's backend, and the server kept alive meanwhile.
    private struct Target {
        var flags: [String]
        var server: ServeProcess?
        var serverState: TemporaryDirectory?
    }

    private func target(_ cli: LoginCLI, _ setup: Setup) async throws -> Target {
        guard setup.remote else { return Target(flags: ["--backend", "firebase"]) }
        let (server, state) = try await cli.serve()
        return Target(flags: ["--backend", "firebase"] + server.remote("firebase"), server: server, serverState: state)
    }

    private func run(_ cli: LoginCLI, _ arguments: [String], input: String? = nil) async throws -> CommandRunner.Result {
        try await cli.runner.run(arguments + ["--state-dir", cli.state.path], input: input, timeLimit: 60)
    }

    private func object(_ result: CommandRunner.Result) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [String: Any], "\(result.stdout) \(result.stderr)")
    }

    /// Another code of the same shape. (Reversed, an oob code could begin with `-`, and the
    /// argument parser then took it for an option: a usage error, not the service's refusal.)
    private static func wrong(_ code: String) -> String {
        (code.first == "A" ? "B" : "A") + code.dropFirst()
    }

    private func latestCode(_ cli: LoginCLI, _ email: String, _ flags: [String]) async throws -> String {
        let mailbox = try await cli.json(["mailbox", "--email", email] + flags)
        return try #require((mailbox["messages"] as? [[String: Any]])?.last?["code"] as? String, "\(mailbox)")
    }

    @Test(
        "sign up (signed in at once), sign in, change, recover and reset with the mailed PASSWORD_RESET code",
        arguments: Setup.all)
    func wholeFlow(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let (flags, email) = (target.flags, "ada@example.com")
        let signUpArguments = ["password", "sign-up", "--email", email, "--name", "Ada Lovelace", "--password-stdin", "--json"]
        let signUp = try await run(
            cli, signUpArguments + flags,
            input: "pass phrase 1\n")
        let signedUp = try object(signUp)
        #expect(signUp.status == 0 && signedUp["isNewUser"] as? Bool == true, "\(signedUp)")
        #expect(Reply.user(signedUp)["displayName"] as? String == "Ada Lovelace")
        let id = Reply.userID(signedUp)

        let wrong = try await run(cli, ["password", "sign-in", "--email", email, "--password-stdin", "--json"] + flags, input: "not it\n")
        #expect(try wrong.status == 1 && Reply.errorCode(object(wrong)) == "invalid_login_credentials")
        let signInArguments = ["password", "sign-in", "--email", email, "--password-stdin", "--json"] + flags
        let right = try await run(cli, signInArguments, input: "pass phrase 1\n")
        #expect(try right.status == 0 && Reply.userID(object(right)) == id)

        let change = try await run(cli, ["password", "change", "--password-stdin", "--json"] + flags, input: "pass phrase 2\n")
        #expect(try change.status == 0 && (object(change))["event"] as? String == "passwordChanged")
        let old = try await run(cli, signInArguments, input: "pass phrase 1\n")
        #expect(old.status == 1)

        let recover = try await run(cli, ["password", "recover", "--email", email, "--json"] + flags)
        #expect(try recover.status == 0 && (object(recover))["kind"] as? String == "passwordRecovery")
        let code = try await latestCode(cli, email, flags)
        let resetArguments = ["password", "reset", "--email", email, "--password-stdin", "--json"] + flags
        let bad = try await run(cli, resetArguments + ["--code", Self.wrong(code)], input: "pass phrase 3\n")
        #expect(try bad.status == 1 && Reply.errorCode(object(bad)) == "code_invalid", "INVALID_OOB_CODE")
        let reset = try await run(
            cli, ["password", "reset", "--email", email, "--code", code, "--password-stdin", "--json"] + flags,
            input: "pass phrase 3\n")
        #expect(try reset.status == 0 && Reply.userID(object(reset)) == id, "\(reset.stdout) \(reset.stderr)")
        let again = try await run(cli, ["password", "sign-in", "--email", email, "--password-stdin"] + flags, input: "pass phrase 3\n")
        #expect(again.status == 0)
        let spent = try await run(
            cli, ["password", "reset", "--email", email, "--code", code, "--password-stdin", "--json"] + flags,
            input: "pass phrase 4\n")
        #expect(try spent.status == 1 && Reply.errorCode(object(spent)) == "code_invalid", "a PASSWORD_RESET code is spent once")

        for result in [signUp, wrong, right, change, old, recover, bad, reset, again, spent] {
            #expect(!(result.stdout + result.stderr).contains("pass phrase"))
        }
        try expectNoPassword(in: cli.state)
        if let state = target.serverState { try expectNoPassword(in: state) }
    }

    @Test(
        "users create (Admin API accounts); verify-email with the VERIFY_EMAIL code; change-email applied with its code",
        arguments: Setup.all)
    func usersCreateAndChangeEmail(setup: Setup) async throws {
        let cli = try await LoginCLI.make()
        let target = try await target(cli, setup)
        let flags = target.flags
        let created = try await run(
            cli,
            ["users", "create", "--email", "grace@example.com", "--confirmed", "--name", "Grace Hopper"]
                + ["--phone", "+15555550100", "--password-stdin", "--json"] + flags, input: "pass phrase 1\n")
        #expect(created.status == 0, "\(created.stdout) \(created.stderr)")
        let user = try Reply.user(object(created))
        #expect(user["email"] as? String == "grace@example.com" && user["emailConfirmed"] as? Bool == true)
        #expect(user["displayName"] as? String == "Grace Hopper" && user["phone"] as? String == "+15555550100")
        #expect(user["lastSignInAt"] is NSNull, "lastLoginAt stays unset until a real sign-in")

        let twice = try await run(
            cli, ["users", "create", "--email", "grace@example.com", "--password-stdin", "--json"] + flags,
            input: "pass phrase 2\n")
        #expect(try twice.status == 1 && Reply.errorCode(object(twice)) == "EMAIL_EXISTS")
        let weak = try await run(
            cli, ["users", "create", "--email", "weak@example.com", "--password-stdin", "--json"] + flags,
            input: "abc\n")
        #expect(try weak.status == 1 && Reply.errorCode(object(weak)) == "WEAK_PASSWORD", "Firebase's 6-character minimum")
        let badPhone = try await run(
            cli, ["users", "create", "--email", "p@example.com", "--phone", "555", "--password-stdin"] + flags,
            input: "pass phrase 1\n")
        #expect(badPhone.status == 2)

        let alan = try await run(
            cli, ["users", "create", "--email", "alan@example.com", "--password-stdin", "--json"] + flags,
            input: "pass phrase 1\n")
        let alanUser = try Reply.user(object(alan))
        #expect(alan.status == 0 && alanUser["emailConfirmed"] as? Bool == false)
        let alanIn = try await run(
            cli, ["password", "sign-in", "--email", "alan@example.com", "--password-stdin"] + flags,
            input: "pass phrase 1\n")
        #expect(alanIn.status == 0)
        let sent = try await cli.json(["password", "verify-email"] + flags)
        #expect(sent["event"] as? String == "verificationSent" && sent["email"] as? String == "alan@example.com", "\(sent)")
        let verifyCode = try await latestCode(cli, "alan@example.com", flags)
        let wrongCode = try await cli.json(["password", "verify-email", "--code", Self.wrong(verifyCode)] + flags)
        #expect(Reply.errorCode(wrongCode) == "code_invalid", "INVALID_OOB_CODE: \(wrongCode)")
        let verified = try await cli.json(["password", "verify-email", "--code", verifyCode] + flags)
        #expect(verified["event"] as? String == "emailVerified" && verified["email"] as? String == "alan@example.com", "\(verified)")
        let shown = Reply.user(try await cli.json(["users", "show", alanUser["id"] as? String ?? ""] + flags))
        #expect(shown["emailConfirmed"] as? Bool == true, "\(shown)")

        let signIn = try await run(
            cli, ["password", "sign-in", "--email", "grace@example.com", "--password-stdin", "--json"] + flags,
            input: "pass phrase 1\n")
        #expect(try signIn.status == 0 && Reply.userID(object(signIn)) == user["id"] as? String)
        let change = try await cli.json(["password", "change-email", "--email", "hopper@example.com"] + flags)
        #expect(change["pendingEmail"] as? String == "hopper@example.com", "\(change)")
        #expect(change["email"] as? String == "grace@example.com", "the address changes once the code is applied")
        let changeCode = try await latestCode(cli, "hopper@example.com", flags)
        let moved = try await cli.json(["password", "verify-email", "--code", changeCode] + flags)
        #expect(moved["email"] as? String == "hopper@example.com", "VERIFY_AND_CHANGE_EMAIL applied: \(moved)")
        let newAddress = try await run(
            cli, ["password", "sign-in", "--email", "hopper@example.com", "--password-stdin", "--json"] + flags,
            input: "pass phrase 1\n")
        #expect(try newAddress.status == 0 && Reply.userID(object(newAddress)) == user["id"] as? String)
        for result in [created, twice, weak, alan, alanIn, signIn, newAddress] {
            #expect(!(result.stdout + result.stderr).contains("pass phrase"))
        }
        if !setup.remote {
            let supabase = try await run(cli, ["password", "verify-email", "--code", "123456", "--backend", "supabase"])
            #expect(supabase.status == 2, "verify-email is Firebase's")
        }
    }

    private func expectNoPassword(in directory: TemporaryDirectory) throws {
        for name in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
            let data = (try? Data(contentsOf: directory.url.appendingPathComponent(name))) ?? Data()
            #expect(data.range(of: Data("pass phrase".utf8)) == nil, "a password in \(name)")
        }
    }
}

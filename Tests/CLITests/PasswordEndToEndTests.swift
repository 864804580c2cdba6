import AuthTestSupport
import Foundation
import Testing

@testable import login

/// `login password …` end to end on the embedded Supabase-like engine (GoTrue's defaults: email
/// confirmation on, bcrypt cost 10), after GoTrue internal/api/signup.go, token.go, recover.go,
/// verify.go and user.go: the password only ever on standard input, never in output or a file
/// but the database's hash.
@Suite("login: passwords")
struct PasswordEndToEndTests {
    private static let password = "pass phrase 1"

    func run(_ cli: LoginCLI, _ arguments: [String], input: String? = nil) async throws -> CommandRunner.Result {
        try await cli.runner.run(arguments + ["--state-dir", cli.state.path], input: input, timeLimit: 60)
    }

    func object(_ result: CommandRunner.Result) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [String: Any], "\(result.stdout) \(result.stderr)")
    }

    func latestCode(_ cli: LoginCLI, _ email: String) async throws -> String {
        let mailbox = try await cli.json(["mailbox", "--email", email])
        return try #require((mailbox["messages"] as? [[String: Any]])?.last?["code"] as? String)
    }

    @Test("sign up, confirm with the mailed code, sign in, change, recover and reset")
    func wholeFlow() async throws {
        let cli = try await LoginCLI.make()
        let email = "ada@example.com"
        let signUp = try await run(
            cli, ["password", "sign-up", "--email", email, "--name", "Ada Lovelace", "--password-stdin", "--json"],
            input: Self.password + "\n")
        #expect(try signUp.status == 0 && (object(signUp))["kind"] as? String == "signUpConfirmation")
        #expect(try await cli.run(["otp", "--email", email, "--code", try await latestCode(cli, email)]).status == 0)

        let wrong = try await run(cli, ["password", "sign-in", "--email", email, "--password-stdin", "--json"], input: "not it\n")
        #expect(try wrong.status == 1 && Reply.errorCode(object(wrong)) == "invalid_login_credentials")
        let right = try await run(cli, ["password", "sign-in", "--email", email, "--password-stdin", "--json"], input: Self.password)
        #expect(try right.status == 0 && Reply.user(object(right))["email"] as? String == email)

        let change = try await run(cli, ["password", "change", "--password-stdin", "--json"], input: "pass phrase 2\n")
        #expect(try change.status == 0 && (object(change))["event"] as? String == "passwordChanged")

        let recover = try await run(cli, ["password", "recover", "--email", email, "--json"])
        #expect(try recover.status == 0 && (object(recover))["kind"] as? String == "passwordRecovery")
        let code = try await latestCode(cli, email)
        let reset = try await run(
            cli, ["password", "reset", "--email", email, "--code", code, "--password-stdin", "--json"],
            input: "pass phrase 3\n")
        #expect(try reset.status == 0 && Reply.user(object(reset))["email"] as? String == email)
        let again = try await run(cli, ["password", "sign-in", "--email", email, "--password-stdin"], input: "pass phrase 3\n")
        #expect(again.status == 0)

        for result in [signUp, wrong, right, change, recover, reset, again] {
            #expect(!(result.stdout + result.stderr).contains("pass phrase"))
        }
        for name in try FileManager.default.subpathsOfDirectory(atPath: cli.state.path) {
            let data = (try? Data(contentsOf: cli.state.url.appendingPathComponent(name))) ?? Data()
            #expect(data.range(of: Data("pass phrase".utf8)) == nil, "a password in \(name)")
        }
    }

    @Test("a weak password exits 1 with weak_password; no password source exits 2; an empty one exits 2")
    func refusals() async throws {
        let cli = try await LoginCLI.make()
        let weak = try await run(cli, ["password", "sign-up", "--email", "ada@example.com", "--password-stdin", "--json"], input: "abc\n")
        #expect(try weak.status == 1 && Reply.errorCode(object(weak)) == "weak_password")
        let missing = try await run(cli, ["password", "sign-in", "--email", "ada@example.com"])
        #expect(missing.status == 2 && missing.stderr.contains("--password-stdin"))
        let empty = try await run(cli, ["password", "sign-in", "--email", "ada@example.com", "--password-stdin"], input: "\n")
        #expect(empty.status == 2)
    }

    @Test("standard input that is not UTF-8, or longer than the bound, is refused as usage")
    func decoding() throws {
        #expect(throws: CommandFailure.self) { try PasswordInput.decode([0x70, 0xFF, 0xFE]) }
        #expect(throws: CommandFailure.self) { try PasswordInput.decode(Array(repeating: 0x70, count: 4097)) }
        #expect(try PasswordInput.decode(Array("pass é".utf8)).revealed == "pass é")
    }

    @Test("parsing: the password never comes from an argument")
    func parsing() throws {
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["password", "sign-in", "--email", "a@example.com", "--password", "x"]) }
        let command = try #require(
            try Login.parseAsRoot(["password", "sign-in", "--email", "a@example.com", "--password-stdin"])
                as? PasswordSignInCommand)
        #expect(command.source.passwordStdin)
    }
}

extension PasswordEndToEndTests {
    @Test("users create makes a confirmed password user (GoTrue internal/api/admin.go) who signs in at once")
    func usersCreate() async throws {
        let cli = try await LoginCLI.make()
        let created = try await run(
            cli,
            ["users", "create", "--email", "grace@example.com", "--confirmed", "--name", "Grace Hopper", "--password-stdin"]
                + ["--json"],
            input: "pass phrase 1\n")
        #expect(created.status == 0, "\(created.stdout) \(created.stderr)")
        #expect(try Reply.user(object(created))["email"] as? String == "grace@example.com")
        let signIn = try await run(
            cli, ["password", "sign-in", "--email", "grace@example.com", "--password-stdin", "--json"],
            input: "pass phrase 1\n")
        #expect(try signIn.status == 0 && Reply.user(object(signIn))["email"] as? String == "grace@example.com")
        let again = try await run(
            cli, ["users", "create", "--email", "grace@example.com", "--password-stdin", "--json"], input: "pass phrase 2\n")
        #expect(try again.status == 1 && Reply.errorCode(object(again)) == "email_exists")
        #expect(!(created.stdout + signIn.stdout + again.stdout + again.stderr).contains("pass phrase"))
    }
}

import AuthTestSupport
import Foundation
import Testing

@testable import login

/// `login password change-email` end to end on the embedded Supabase-like engine, with GoTrue's
/// secure email change on (its default; internal/api/mail.go `sendEmailChange`, verify.go
/// `emailChangeVerify`): the codes only ever on standard input or a terminal, never arguments.
extension PasswordEndToEndTests {
    @Test("change-email mails both addresses; --codes-stdin confirms the new address's code, then the current one's")
    func secureChange() async throws {
        let cli = try await LoginCLI.make()
        let signUp = try await run(
            cli, ["password", "sign-up", "--email", "ada@example.com", "--password-stdin"], input: "pass phrase 1\n")
        #expect(signUp.status == 0)
        let confirmation = try await latestCode(cli, "ada@example.com")
        #expect(try await cli.run(["otp", "--email", "ada@example.com", "--code", confirmation]).status == 0)

        let change = try await run(cli, ["password", "change-email", "--email", "countess@example.com", "--json"])
        #expect(try change.status == 0 && (object(change))["pendingEmail"] as? String == "countess@example.com")
        let newCode = try await latestCode(cli, "countess@example.com")
        let currentCode = try await latestCode(cli, "ada@example.com")

        let wrongOrder = try await run(
            cli, ["password", "change-email", "--email", "countess@example.com", "--codes-stdin", "--json"], input: currentCode + "\n")
        #expect(
            try wrongOrder.status == 1 && Reply.errorCode(object(wrongOrder)) == "code_invalid",
            "the current address's code is not the new one's")

        let confirm = try await run(
            cli, ["password", "change-email", "--email", "countess@example.com", "--codes-stdin", "--json"],
            input: newCode + "\n" + currentCode + "\n")
        #expect(try confirm.status == 0 && (object(confirm))["email"] as? String == "countess@example.com")
        #expect(try (object(confirm))["pending"] as? Bool == false)
        for result in [change, wrongOrder, confirm] {
            #expect(!(result.stdout + result.stderr).contains(newCode) && !(result.stdout + result.stderr).contains(currentCode))
        }
        let signIn = try await run(
            cli, ["password", "sign-in", "--email", "countess@example.com", "--password-stdin", "--json"],
            input: "pass phrase 1\n")
        #expect(try signIn.status == 0 && Reply.user(object(signIn))["email"] as? String == "countess@example.com")
    }

    @Test("parsing: codes and nonces are never arguments")
    func codeParsing() throws {
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["password", "change", "--nonce", "123456"]) }
        #expect(throws: (any Error).self) {
            try Login.parseAsRoot(["password", "change-email", "--email", "a@example.com", "--code", "1"])
        }
        let change = try #require(
            try Login.parseAsRoot(["password", "change", "--password-stdin", "--nonce-stdin"]) as? PasswordChangeCommand)
        #expect(change.nonceStdin && change.source.passwordStdin)
        let email = try #require(
            try Login.parseAsRoot(["password", "change-email", "--email", "a@example.com", "--codes-stdin"])
                as? PasswordChangeEmailCommand)
        #expect(email.codesStdin)
    }
}

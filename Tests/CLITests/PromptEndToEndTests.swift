import AuthTestSupport
import Foundation
import Testing

/// The questions `login` asks on a terminal, through a pseudo-terminal (items 1 and 8 of issue
/// 15): no lock held while a question waits, Ctrl-D and Ctrl-C cancel with exit 3, an invalid
/// answer or a wrong code is asked again. Every wait has a deadline.
@Suite("login: prompts on a terminal")
struct PromptEndToEndTests {
    private struct SUT {
        let cli: LoginCLI
        var state: TemporaryDirectory { cli.state }

        func terminal(_ arguments: [String]) throws -> RunningCommand {
            try RunningCommand(cli.runner, arguments + ["--state-dir", state.path], terminal: true)
        }

        func run(_ arguments: [String]) async throws -> CommandRunner.Result { try await cli.run(arguments) }

        func json(_ arguments: [String]) async throws -> [String: Any] { try await cli.json(arguments) }
    }

    private func makeSUT() async throws -> SUT { SUT(cli: try await LoginCLI.make()) }

    @Test(
        "item 1: login mailbox answers at once (--lock-timeout 0) while login otp waits at its prompt; the code typed then signs in",
        arguments: ["supabase", "firebase"])
    func mailboxWhileOTPWaits(backend: String) async throws {
        let sut = try await makeSUT()
        let otp = try sut.terminal(["otp", "--email", "wait@example.com", "--backend", backend])
        #expect(await otp.waitFor("Enter it:", timeout: 20) != nil, "\(otp.stdout)")
        #expect(
            otp.stdout.contains("login mailbox --email wait@example.com --backend \(backend) --state-dir"),
            "the hint names the flags in use")
        // With --lock-timeout 0 a held lock ends mailbox with exit 6 at the first try, so
        // success shows the prompt holds no lock, without timing anything.
        let result = try await sut.run(["mailbox", "--email", "wait@example.com", "--backend", backend, "--json", "--lock-timeout", "0"])
        #expect(result.status == 0, "mailbox while otp waited: \(result.stderr)")
        #expect(!result.stderr.contains("waiting for another login command"))
        let mailbox = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let code = try #require((mailbox["messages"] as? [[String: Any]])?.last?["code"] as? String)
        otp.send(code + "\n")
        #expect(await otp.waitForExit(timeout: 20) == 0, "\(otp.stdout)")
        #expect(otp.stdout.contains("Signed in with Email (new user)."))
    }

    @Test("item 8: a wrong code is asked again; the right one then signs in", arguments: ["supabase", "firebase"])
    func wrongCodeAskedAgain(backend: String) async throws {
        let sut = try await makeSUT()
        let otp = try sut.terminal(["otp", "--email", "retry@example.com", "--backend", backend])
        #expect(await otp.waitFor("Enter it:", timeout: 20) != nil)
        otp.send("000000wrong\n")
        #expect(await otp.waitFor("That code is not valid; type it again", timeout: 20) != nil, "\(otp.stdout)")
        let mailbox = try await sut.json(["mailbox", "--email", "retry@example.com", "--backend", backend])
        let code = try #require((mailbox["messages"] as? [[String: Any]])?.last?["code"] as? String)
        otp.send(code + "\n")
        #expect(await otp.waitForExit(timeout: 20) == 0, "\(otp.stdout)")
        #expect(otp.stdout.contains("Signed in with Email"))
    }

    @Test("item 8: Ctrl-D at Apple's name prompt cancels (exit 3) on a line of its own, and signs nothing in")
    func controlDCancels() async throws {
        let sut = try await makeSUT()
        let apple = try sut.terminal(["apple", "--email", "eof@example.com"])
        #expect(await apple.waitFor("your name", timeout: 20) != nil, "\(apple.stdout)")
        apple.send("\u{04}")
        #expect(await apple.waitForExit(timeout: 20) == 3, "\(apple.stdout)")
        #expect(apple.stdout.contains("\nCancelled."), "\(apple.stdout.debugDescription)")
        #expect(!apple.stdout.contains("Signed in"))
        #expect(try await sut.json(["status"])["signedIn"] as? Bool == false)
    }

    @Test("item 8: an answer other than share or hide is asked again; h hides the email")
    func invalidAnswerAskedAgain() async throws {
        let sut = try await makeSUT()
        let apple = try sut.terminal(["apple", "--email", "ask@example.com"])
        #expect(await apple.waitFor("your name", timeout: 20) != nil)
        apple.send("Ada Lovelace\n")
        #expect(await apple.waitFor("[s]hare/[h]ide", timeout: 20) != nil)
        apple.send("x\n")
        #expect(await apple.waitFor("Please answer", timeout: 20) != nil, "\(apple.stdout)")
        apple.send("h\n")
        #expect(await apple.waitForExit(timeout: 20) == 0, "\(apple.stdout)")
        #expect(apple.stdout.contains("(Hide My Email relay)"))
        #expect(apple.stdout.contains("Ada Lovelace"))
    }

    @Test("item 8: Ctrl-C at a prompt exits 3 with a message, not 130 in silence")
    func controlCCancels() async throws {
        let sut = try await makeSUT()
        let otp = try sut.terminal(["otp", "--email", "interrupt@example.com"])
        #expect(await otp.waitFor("Enter it:", timeout: 20) != nil)
        otp.interrupt()
        #expect(await otp.waitForExit(timeout: 20) == 3)
        #expect(otp.stdout.contains("Cancelled (interrupted)."), "\(otp.stdout)")
    }

    @Test("item 8: link apple asks for the name on a first authorization; n to delete-account deletes nothing (exit 3)")
    func linkAsksAndDeleteDeclines() async throws {
        let sut = try await makeSUT()
        #expect(try await sut.run(["anonymous"]).status == 0)
        let link = try sut.terminal(["link", "apple", "--email", "linked@example.com"])
        #expect(await link.waitFor("your name", timeout: 20) != nil, "\(link.stdout)")
        link.send("Grace Hopper\n")
        #expect(await link.waitFor("[s]hare/[h]ide", timeout: 20) != nil)
        link.send("s\n")
        #expect(await link.waitForExit(timeout: 20) == 0, "\(link.stdout)")
        #expect(link.stdout.contains("Linked Apple"))
        #expect(link.stdout.contains("Grace Hopper"))

        let delete = try sut.terminal(["delete-account"])
        #expect(await delete.waitFor("[y/N]", timeout: 20) != nil)
        delete.send("n\n")
        #expect(await delete.waitForExit(timeout: 20) == 3)
        #expect(delete.stdout.contains("Nothing was deleted."), "\(delete.stdout)")
        #expect(!delete.stdout.contains("Sign-in cancelled"))
        #expect(try await sut.json(["status"])["signedIn"] as? Bool == true)
    }

    /// Whether an account is new is the backend's answer (GoTrue `internal/api/token_oidc.go`;
    /// firebase-tools `src/emulator/auth/operations.ts`, `signInWithIdp`'s `isNewUser`).
    @Test(
        "--require-terms asks a new sign-up after the backend answers; no or Ctrl-D undoes it (exit 3); yes signs in; returning: not asked",
        arguments: ["supabase", "firebase"])
    func termsAskedOfNewSignUps(backend: String) async throws {
        let sut = try await makeSUT()
        let command = ["google", "--email", "terms@example.com", "--name", "Grace Hopper", "--require-terms", "--backend", backend]
        let declined = try sut.terminal(command)
        #expect(await declined.waitFor("This is a new account", timeout: 20) != nil, "\(declined.stdout)")
        declined.send("n\n")
        #expect(await declined.waitForExit(timeout: 20) == 3, "\(declined.stdout)")
        #expect(declined.stdout.contains("the new account was deleted"), "\(declined.stdout)")
        #expect(try await sut.json(["status", "--backend", backend])["signedIn"] as? Bool == false)

        let ended = try sut.terminal(command)
        #expect(await ended.waitFor("This is a new account", timeout: 20) != nil, "asked again (the account was undone): \(ended.stdout)")
        ended.send("\u{04}")
        #expect(await ended.waitForExit(timeout: 20) == 3, "\(ended.stdout)")

        let accepted = try sut.terminal(command)
        #expect(await accepted.waitFor("Accept them? [y/N]", timeout: 20) != nil)
        accepted.send("y\n")
        #expect(await accepted.waitForExit(timeout: 20) == 0, "\(accepted.stdout)")
        #expect(accepted.stdout.contains("Signed in with Google (new user)."), "\(accepted.stdout)")

        let returning = try sut.terminal(command)
        #expect(await returning.waitForExit(timeout: 20) == 0, "\(returning.stdout)")
        #expect(returning.stdout.contains("Signed in with Google (returning user)."), "\(returning.stdout)")
        #expect(!returning.stdout.contains("Accept them?"), "a returning user is never asked")
    }
}

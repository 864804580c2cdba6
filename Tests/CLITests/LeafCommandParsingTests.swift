import ArgumentParser
import Testing

@testable import login

/// `Login.parseLeafCommand`: a command without subcommands parsed as the root of its own parse
/// gives what the root's parse gives, and declines whatever the root must answer itself.
@Suite("login: a leaf command parsed directly")
struct LeafCommandParsingTests {
    private func dumped(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test(
        "the same command, with the same values, as the root's parse",
        arguments: [
            ["apple", "--state-dir", "/tmp/x", "--email", "ada@example.com"],
            ["apple", "--email", "ada@example.com", "--name", "Ada Lovelace", "--hide-email", "--backend", "firebase", "--json"],
            ["apple", "--cancel", "--lock-timeout", "5", "--require-terms", "--accept-terms", "--verbose"],
            ["google", "--browser", "--no-open"],
            ["google", "--email", "g@example.com", "--name", "Grace Hopper", "--timeout", "12"],
            ["anonymous", "--backend", "FIREBASE"],
            ["otp", "--email", "a@example.com", "--code", "-Xy_9"],
            ["status", "--watch"],
            ["refresh"],
        ])
    func sameAsRoot(_ arguments: [String]) throws {
        let direct = try #require(Login.parseLeafCommand(arguments))
        let root = try Login.parseAsRoot(arguments)
        #expect(type(of: direct) == type(of: root))
        #expect(dumped(direct) == dumped(root))
    }

    @Test("the comparison sees the values: two emails dump differently")
    func comparisonSeesValues() throws {
        let ada = try #require(Login.parseLeafCommand(["apple", "--email", "ada@example.com"]))
        let grace = try #require(Login.parseLeafCommand(["apple", "--email", "grace@example.com"]))
        #expect(dumped(ada) != dumped(grace))
        #expect(dumped(ada).contains("ada@example.com"))
    }

    @Test(
        "help, the version, completion scripts, errors, groups and unknown names are left to the root",
        arguments: [
            ["apple", "--help"], ["apple", "-h"], ["apple", "--version"], ["apple", "--generate-completion-script", "bash"],
            ["apple", "--email", "ada@example.com", "--generate-completion-script"], ["apple", "--generate-completion-script=zsh"],
            ["apple", "--bogus"], ["apple", "extra"], ["apple", "--browser", "--email", "ada@example.com"],
            ["apple", "--timeout", "0"], ["users", "list"], ["password", "reset"], ["help", "apple"], ["nope"], ["--json", "apple"], [],
        ])
    func leftToRoot(_ arguments: [String]) {
        #expect(Login.parseLeafCommand(arguments) == nil)
    }
}

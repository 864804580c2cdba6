import ArgumentParser
import AuthJWT
import Foundation

/// `login`: every sign-in flow of AuthCoordinator by hand, on the embedded simulated services
/// (default) or against a Supabase or Firebase project or the local emulator.
@main
struct Login: AsyncParsableCommand {
    /// The version `--version` prints.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with Apple, Google, as a guest or with an emailed code, on Supabase or Firebase.",
        discussion: """
            Without a remote backend, the Supabase-like or Firebase-like engine and the simulated Apple ID and \
            Google run in process, keeping users, sessions and keys in the state directory, so a second \
            `login apple` is a returning user. The embedded Supabase-like engine uses GoTrue's default settings \
            except manual linking, which is on so that `login unlink` works (`login serve` has a flag per setting).

            Environment (a flag wins over its variable): \
            \(GlobalOptions.environmentVariables.map { "\($0.name) (\($0.meaning))" }.joined(separator: ", ")).

            Exit status:
            \(CLIExit.table.map { "  \($0.0.status) \($0.1)" }.joined(separator: "\n"))
            """,
        version: version,
        subcommands: commands)

    /// The subcommands, in the order `login --help` lists them.
    static let commands: [any ParsableCommand.Type] = [
        AppleCommand.self, GoogleCommand.self, AnonymousCommand.self, EmailCodeCommand.self, StatusCommand.self,
        RefreshCommand.self, LogoutCommand.self, TokenCommand.self, MailboxCommand.self, LinkCommand.self, UnlinkCommand.self,
        DeleteAccountCommand.self, PasswordCommand.self, MFACommand.self, PasskeyCommand.self, UsersCommand.self, ResetCommand.self,
        ServeCommand.self, EnvCommand.self,
    ]

    /// Parses and runs, mapping every failure to the documented exit status: usage errors exit
    /// 2 (ArgumentParser's default would be 64), help and `--version` exit 0.
    static func main() async {
        let arguments = subcommandFirst(Array(CommandLine.arguments.dropFirst()))
        let json = arguments.contains("--json")
        if let topic = unknownHelpTopic(arguments) {
            usageFailure("no command \"\(topic)\"; `login --help` lists them", json: json)
        }
        do {
            var command: any ParsableCommand
            if let leaf = parseLeafCommand(arguments) { command = leaf } else { command = try parseAsRoot(arguments) }
            if let behaviour = interruptBehaviour(for: command, json: json) { Interrupts.install(behaviour) }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as CLIExit {
            Foundation.exit(exit.status)
        } catch let failure as CommandFailure {
            // A question answered no or Ctrl-D before the environment ran: reported here.
            Foundation.exit(Reporter(json: json).fail(failure).status)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            guard code == .validationFailure else {
                FileHandle.standardError.write(Data((TerminalText.escapedKeepingLines(fullMessage(for: error)) + "\n").utf8))
                Foundation.exit(code.rawValue)
            }
            if json {
                usageFailure(message(for: error), json: true)
            }
            // The message may quote what was typed: escaped, so no typed control sequence reaches the terminal.
            FileHandle.standardError.write(Data((TerminalText.escapedKeepingLines(fullMessage(for: error)) + "\n").utf8))
            Foundation.exit(CLIExit.usage.status)
        }
    }

    private static func usageFailure(_ message: String, json: Bool) -> Never {
        let reporter = Reporter(json: json)
        Foundation.exit(reporter.fail(.usage(message)).status)
    }

    /// The arguments with `login users`' subcommand moved next to `users`: ArgumentParser reads a
    /// subcommand's name only right after its parent's, so `login users --backend firebase show ID`
    /// would fail where `login users show ID --backend firebase` works.
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The arguments, reordered when a `users` subcommand follows options.
    static func subcommandFirst(_ arguments: [String]) -> [String] {
        guard arguments.first == "users", arguments.count > 2, arguments[1].hasPrefix("-") else { return arguments }
        let names = Set(UsersCommand.configuration.subcommands.compactMap { $0.configuration.commandName })
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard let index = arguments[2..<end].firstIndex(where: names.contains) else { return arguments }
        var moved = arguments
        moved.insert(moved.remove(at: index), at: 1)
        return moved
    }

    /// `login help X Y`, where `X Y` is not a command: the name that is not one.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var commands = configuration.subcommands
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            guard let command = commands.first(where: { $0.configuration.commandName == word }) else { return word }
            commands = command.configuration.subcommands
        }
        return nil
    }

    /// What Ctrl-C does; `nil` for `serve`, which shuts down gracefully on its own.
    private static func interruptBehaviour(for command: any ParsableCommand, json: Bool) -> Interrupts.Behaviour? {
        if command is ServeCommand { return nil }
        if let status = command as? StatusCommand, status.watch { return .stop }
        return json ? .cancelJSON : .cancel
    }
}

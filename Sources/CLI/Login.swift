import ArgumentParser
import AuthJWT
import Foundation

/// `login`: every sign-in flow of AuthCoordinator by hand, on the embedded simulated services
/// (default) or against a Supabase or Firebase project or the local emulator.
@main
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in with Apple, Google, as a guest or with an emailed code, on Supabase or Firebase.",
        discussion: """
        Without a remote backend, the Supabase-like or Firebase-like engine and the simulated Apple ID and \
        Google run in process, keeping users, sessions and keys in the state directory, so a second \
        `login apple` is a returning user. The embedded Supabase-like engine uses GoTrue's default settings \
        except manual linking, which is on so that `login unlink` works (`login serve` has a flag per setting).

        Exit status: 0 success, 1 authentication failed, 2 usage error, 3 cancelled, 4 network or backend unreachable.
        """,
        subcommands: [
            AppleCommand.self, GoogleCommand.self, AnonymousCommand.self, OTPCommand.self, StatusCommand.self,
            RefreshCommand.self, LogoutCommand.self, MailboxCommand.self, LinkCommand.self, UnlinkCommand.self,
            DeleteAccountCommand.self, ServeCommand.self,
        ])

    /// Parses and runs, mapping every failure to the documented exit status: usage errors exit
    /// 2 (ArgumentParser's default would be 64), help exits 0.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as CLIExit {
            Foundation.exit(exit.status)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let status = code == .validationFailure ? CLIExit.usage.status : code.rawValue
            if CommandLine.arguments.contains("--json") {
                print(JSONObject(dictionaryLiteral: ("error", .object([
                    "code": .string(status == CLIExit.usage.status ? "usage" : "failure"), "message": .string(message(for: error)),
                ]))).jsonString)
            } else {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            }
            Foundation.exit(status)
        }
    }
}

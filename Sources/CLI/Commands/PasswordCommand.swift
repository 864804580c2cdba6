import ArgumentParser
import AuthDomain

/// `login password`: email + password accounts.
struct PasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password", abstract: "Email + password accounts: sign up, sign in, recover, change.",
        discussion: """
            The password is read from a prompt that does not echo on a terminal, or from standard input with \
            --password-stdin (one line); never from an argument. Firebase signs in at sign-up (it verifies the address separately).
            """,
        subcommands: [
            PasswordSignUpCommand.self, PasswordSignInCommand.self, PasswordRecoverCommand.self, PasswordResetCommand.self,
            PasswordChangeCommand.self, PasswordChangeEmailCommand.self, PasswordVerifyEmailCommand.self,
        ])
}

/// The password's source, shared by the password commands.
struct PasswordSource: ParsableArguments {
    @Flag(help: "Read the password from standard input (one line) instead of asking on the terminal.")
    var passwordStdin = false

    /// Reads it (before the state directory is locked).
    /// - Parameters:
    ///   - prompt: The terminal's question.
    ///   - json: Whether failures are reported in JSON.
    /// - Returns: The password.
    /// - Throws: The reported failure (exit 2 or 3).
    func read(_ prompt: String, json: Bool) throws -> Secret {
        do throws(CommandFailure) {
            return try PasswordInput.password(fromStdin: passwordStdin, prompt: prompt)
        } catch {
            throw Reporter(json: json).fail(error)
        }
    }

    /// Reads a mailed code from the next line of standard input.
    /// - Parameters:
    ///   - option: The flag that asked for it.
    ///   - json: Whether failures are reported in JSON.
    /// - Returns: The code, or `nil` when standard input has no more lines.
    /// - Throws: The reported failure (exit 2).
    static func code(fromStdin option: String, json: Bool) throws -> Secret? {
        do throws(CommandFailure) {
            return try PasswordInput.code(fromStdin: option)
        } catch {
            throw Reporter(json: json).fail(error)
        }
    }
}

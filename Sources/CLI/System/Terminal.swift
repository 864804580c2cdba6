import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Questions asked on a terminal, as the sign-in sheet would; never asked without one. Ctrl-D
/// (end of input) at a question cancels the command (exit 3); an answer that is not one of the
/// choices is asked again. Commands ask before they take the state directory's lock where they
/// can, so a question waiting for an answer does not block another `login` command; the terms
/// question of a new sign-up is the exception (it needs the backend's answer first).
enum Terminal {
    /// Whether both stdin and stderr are terminals.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks a question on stderr and reads one line from stdin.
    /// - Parameter question: The prompt.
    /// - Returns: The trimmed answer.
    /// - Throws: ``CommandFailure`` (cancelled, exit 3) at end of input (Ctrl-D).
    static func ask(_ question: String) throws(CommandFailure) -> String {
        FileHandle.standardError.write(Data(question.utf8))
        guard let line = readLine(strippingNewline: true) else {
            FileHandle.standardError.write(Data("\n".utf8))
            throw cancelled
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// Asks until the answer is one of the choices (by its first letter or in full, any case);
    /// an empty answer takes the default when there is one.
    /// - Parameters:
    ///   - question: The prompt, which shows the choices.
    ///   - choices: The accepted answers, lowercase.
    ///   - defaultChoice: The answer Enter gives, if any.
    /// - Returns: One of `choices`.
    /// - Throws: ``CommandFailure`` (cancelled) at end of input.
    static func choose(_ question: String, among choices: [String], default defaultChoice: String? = nil) throws(CommandFailure) -> String {
        while true {
            let answer = try ask(question).lowercased()
            if answer.isEmpty, let defaultChoice { return defaultChoice }
            if let choice = choices.first(where: { $0 == answer || (answer.count == 1 && $0.hasPrefix(answer)) }) { return choice }
            let listed = choices.map { "\"\($0.prefix(1))\" (\($0))" }.joined(separator: " or ")
            FileHandle.standardError.write(Data("Please answer \(listed).\n".utf8))
        }
    }

    /// Asks a yes/no question; Enter is no.
    /// - Parameter question: The prompt, ending with `[y/N] `.
    /// - Returns: Whether the answer is yes.
    /// - Throws: ``CommandFailure`` (cancelled) at end of input.
    static func confirm(_ question: String) throws(CommandFailure) -> Bool {
        try choose(question, among: ["yes", "no"], default: "no") == "yes"
    }

    /// Confirms a command that cannot be undone: asks on a terminal, and refuses without one
    /// (the command then wants `--yes`). Failures are reported here.
    /// - Parameters:
    ///   - question: The question, ending with `[y/N] `.
    ///   - declined: What a no means, as printed (`Nothing was deleted.`).
    ///   - json: Whether to report in JSON.
    /// - Throws: The reported ``CLIExit``: 2 without a terminal, 3 for no or Ctrl-D.
    static func confirmOrRequireYes(_ question: String, declined: String, json: Bool) throws {
        let reporter = Reporter(json: json)
        guard isInteractive else { throw reporter.fail(.usage("Pass --yes to go ahead without a terminal to confirm on")) }
        let confirmed: Bool
        do { confirmed = try confirm(question) } catch { throw reporter.fail(error) }
        guard confirmed else { throw reporter.fail(CommandFailure(code: "cancelled", message: declined, exit: .cancelled)) }
    }

    /// The failure a Ctrl-D at a question stands for.
    static let cancelled = CommandFailure(code: "cancelled", message: "Cancelled.", exit: .cancelled)
}

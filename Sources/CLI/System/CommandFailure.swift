/// A failure a command reports in its own words: a stable `code` for `--json`, a message for
/// people, and the exit status.
struct CommandFailure: Error, Hashable {
    /// The stable code (`--json`'s `error.code`).
    var code: String
    /// What happened and what to do, in one or two sentences.
    var message: String
    /// The exit status.
    var exit: CLIExit

    /// A usage error (exit 2).
    static func usage(_ message: String) -> CommandFailure { CommandFailure(code: "usage", message: message, exit: .usage) }
}

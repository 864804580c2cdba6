/// The exit statuses of `login`, one table for every command (the README prints it, and
/// `ExitCodeEndToEndTests` checks each): the failure has been reported when one is thrown.
struct CLIExit: Error, Hashable {
    let status: Int32

    /// 0: it worked.
    static let success = CLIExit(status: 0)
    /// 1: refused: the backend or a provider said no (wrong code, banned, not signed in, the
    /// account does not allow it).
    static let refused = CLIExit(status: 1)
    /// 2: usage: an option, a value or a flag combination is wrong or missing.
    static let usage = CLIExit(status: 2)
    /// 3: cancelled: the sheet was dismissed, a question answered no, Ctrl-C or Ctrl-D.
    static let cancelled = CLIExit(status: 3)
    /// 4: network: the backend could not be reached, timed out, or failed (5xx).
    static let unreachable = CLIExit(status: 4)
    /// 5: the state directory cannot be used: unreadable, damaged, or not safe (owned by another
    /// user, writable by others).
    static let stateDirectory = CLIExit(status: 5)
    /// 6: busy: another process holds the state directory (a `login serve`, or a command that did
    /// not finish within `--lock-timeout`).
    static let busy = CLIExit(status: 6)

    /// Every status with its meaning, as `--help` and the README print them.
    static let table: [(CLIExit, String)] = [
        (.success, "success"),
        (.refused, "refused: authentication failed or the account does not allow it"),
        (.usage, "usage: a wrong or missing option or value"),
        (.cancelled, "cancelled: dismissed, answered no, Ctrl-C or Ctrl-D"),
        (.unreachable, "network: the backend unreachable, timed out or failing"),
        (.stateDirectory, "state directory unusable: unreadable, damaged or not safe"),
        (.busy, "busy: the state directory is in use (login serve, another command)"),
    ]
}

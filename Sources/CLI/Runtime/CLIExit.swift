/// The exit statuses of `login`, after the failure has been reported.
struct CLIExit: Error, Hashable {
    let status: Int32

    /// Authentication failed (the message says why, in the words users see).
    static let authenticationFailed = CLIExit(status: 1)
    /// Usage error or bad input.
    static let usage = CLIExit(status: 2)
    /// Cancelled by the user.
    static let cancelled = CLIExit(status: 3)
    /// Network failure or backend unreachable.
    static let unreachable = CLIExit(status: 4)
}

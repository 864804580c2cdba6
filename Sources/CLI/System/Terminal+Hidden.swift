import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Terminal {
    /// Asks a question and reads one line with the terminal's echo off (a code or a password
    /// is not left on the screen); the echo comes back however the read ends.
    /// - Parameter question: The prompt.
    /// - Returns: The trimmed answer.
    /// - Throws: ``CommandFailure`` (cancelled, exit 3) at end of input (Ctrl-D).
    static func askHidden(_ question: String) throws(CommandFailure) -> String {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return try ask(question) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return try ask(question)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Questions asked on a terminal, as the sign-in sheet would; never asked without one.
enum Terminal {
    /// Whether both stdin and stderr are terminals.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks a question on stderr and reads one line from stdin.
    /// - Parameter question: The prompt.
    /// - Returns: The trimmed answer, or `nil` at end of input.
    static func ask(_ question: String) -> String? {
        FileHandle.standardError.write(Data(question.utf8))
        return readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
    }
}

import AuthData
import AuthDomain
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's password comes from: standard input with `--password-stdin` (one line, or
/// everything up to the end), or a prompt on a terminal that does not echo what is typed. Never
/// an argument, which other users can read in the process list.
enum PasswordInput {
    /// Reads a password.
    /// - Parameters:
    ///   - fromStdin: Whether `--password-stdin` was given.
    ///   - prompt: The question on a terminal.
    ///   - option: The flag named in errors.
    /// - Returns: The password.
    /// - Throws: ``CommandFailure``: usage (exit 2) when empty, longer than
    ///   `PasswordAuthStrategy.maximumPasswordBytes`, not UTF-8, or with nowhere to read it from;
    ///   cancelled (exit 3) at Ctrl-D on the prompt.
    static func password(fromStdin: Bool, prompt: String, option: String = "--password-stdin") throws(CommandFailure) -> Secret {
        let bytes: [UInt8]
        if fromStdin {
            bytes = lineBytes().bytes
        } else if Terminal.isInteractive {
            bytes = try readHidden(prompt)
        } else {
            throw .usage("Give the password on standard input with \(option), or run on a terminal to be asked for it")
        }
        return try decode(bytes)
    }

    /// Checks bytes as a password: UTF-8, not empty, within the bound.
    /// - Parameter bytes: What was read, its line ending removed.
    /// - Returns: The password.
    /// - Throws: ``CommandFailure`` (usage).
    static func decode(_ bytes: [UInt8]) throws(CommandFailure) -> Secret {
        guard !bytes.isEmpty else { throw .usage("The password is empty") }
        guard bytes.count <= PasswordAuthStrategy.maximumPasswordBytes else {
            throw .usage("The password is longer than \(PasswordAuthStrategy.maximumPasswordBytes) bytes")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .usage("The password is not valid UTF-8") }
        return Secret(text)
    }

    /// One line of standard input as a mailed code (`--nonce-stdin`, `--codes-stdin`): never an
    /// argument either, as a code is a secret while it is valid.
    /// - Parameter option: The flag named in errors.
    /// - Returns: The code, or `nil` when standard input has ended or the line is empty.
    /// - Throws: ``CommandFailure`` (usage) for a line over 64 bytes or not UTF-8.
    static func code(fromStdin option: String) throws(CommandFailure) -> Secret? {
        let line = lineBytes()
        guard !line.bytes.isEmpty else { return nil }
        guard line.bytes.count <= 64, let text = String(validating: line.bytes, as: UTF8.self) else {
            throw .usage("\(option): a code is one line of at most 64 bytes of UTF-8")
        }
        let code = text.trimmingCharacters(in: .whitespaces)
        return code.isEmpty ? nil : Secret(code)
    }

    /// Standard input up to its first line break or its end, read at most one byte past the
    /// bound, as bytes (so that input that is not UTF-8 is refused, not repaired).
    /// - Returns: The bytes, without the line ending, and whether the input had ended first.
    private static func lineBytes() -> (bytes: [UInt8], ended: Bool) {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        var ended = true
        while bytes.count <= PasswordAuthStrategy.maximumPasswordBytes, read(STDIN_FILENO, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") {
                ended = false
                break
            }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return (bytes, ended && bytes.isEmpty)
    }

    /// One line from the terminal with echo off, restored afterwards.
    private static func readHidden(_ prompt: String) throws(CommandFailure) -> [UInt8] {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if hasTerminal { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        let line = lineBytes()
        guard !line.ended else { throw Terminal.cancelled }
        return line.bytes
    }
}

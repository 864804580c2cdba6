import AuthData
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A built executable running in the background, its output read as it comes, so a test can
/// wait (with a deadline) for a line, answer a prompt, interrupt it, and time what it prints.
/// With `terminal: true` its stdin, stdout and stderr are one pseudo-terminal (what a person at
/// a shell gives it: `isatty` is true, Ctrl-D at the start of a line is end of input); otherwise
/// they are pipes, read separately.
public final class RunningCommand: @unchecked Sendable {
    // @unchecked: `process` and `input` are set once in `init` and only read afterwards
    // (Foundation's Process is thread-safe for its status and pid); the output buffers are locked.
    private let process: Process
    private let input: FileHandle
    private let stdoutText = Locked("")
    private let stderrText = Locked("")
    private let started = Date()

    /// Starts the executable.
    /// - Parameters:
    ///   - runner: The executable.
    ///   - arguments: The arguments.
    ///   - environment: Extra environment variables.
    ///   - terminal: Whether to run it on a pseudo-terminal.
    ///   - directory: The working directory (default: the test's).
    /// - Throws: When the process or the pseudo-terminal cannot be made.
    public init(
        _ runner: CommandRunner, _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
        directory: URL? = nil
    ) throws {
        let process = Process()
        process.executableURL = runner.executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if terminal {
            let (master, name) = try PseudoTerminal.open()
            let slave = open(name, O_RDWR | O_NOCTTY)
            guard slave >= 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot open the terminal's slave side"])
            }
            let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
            process.standardInput = slaveHandle
            process.standardOutput = slaveHandle
            process.standardError = slaveHandle
            let masterHandle = FileHandle(fileDescriptor: master, closeOnDealloc: true)
            input = masterHandle
            self.process = process
            Self.collect(masterHandle, into: stdoutText)
            try process.launchSerially()
            try? slaveHandle.close()
        } else {
            let stdin = Pipe()
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            input = stdin.fileHandleForWriting
            self.process = process
            Self.collect(stdout.fileHandleForReading, into: stdoutText)
            Self.collect(stderr.fileHandleForReading, into: stderrText)
            try process.launchSerially()
        }
    }

    /// Reads a descriptor on a thread of its own until end of file or an error (a terminal's
    /// master reads EIO once the process and its children have closed the slave side).
    private static func collect(_ handle: FileHandle, into text: Locked<String>) {
        let fd = handle.fileDescriptor
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                let chunk = String(decoding: buffer[0..<count], as: UTF8.self)
                text.withLock { $0 += chunk }
            }
            _ = handle
        }
    }

    /// What it printed on stdout (on a terminal: everything, prompts and echoed input included).
    public var stdout: String { stdoutText.current }
    /// What it printed on stderr (empty on a terminal).
    public var stderr: String { stderrText.current }
    /// Its process id.
    public var pid: Int32 { process.processIdentifier }

    /// Types text (a line needs its `\n`; `\u{04}` at the start of a line is Ctrl-D).
    public func send(_ text: String) {
        try? input.write(contentsOf: Data(text.utf8))
    }

    /// Waits until stdout or stderr contains `text`.
    /// - Parameters:
    ///   - text: What to wait for.
    ///   - timeout: The deadline, in seconds.
    /// - Returns: The seconds since the start when it appeared, or `nil` at the deadline.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double) async -> Double? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if stdout.contains(text) || stderr.contains(text) { return Date().timeIntervalSince(started) }
            try? await Task.sleep(for: .milliseconds(20))
        } while Date() < deadline
        // One last look: on a starved concurrency pool the sleep can end long after the deadline.
        return stdout.contains(text) || stderr.contains(text) ? Date().timeIntervalSince(started) : nil
    }

    /// Sends SIGINT, as Ctrl-C would.
    public func interrupt() { kill(process.processIdentifier, SIGINT) }

    /// Waits for the exit.
    /// - Parameter timeout: The deadline, in seconds; then the process is killed.
    /// - Returns: The exit status, or `nil` when it had to be killed.
    public func waitForExit(timeout: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        // Let the readers drain what the process wrote last.
        try? await Task.sleep(for: .milliseconds(100))
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname_r`, which Swift's Glibc module does not
/// export (they need `_XOPEN_SOURCE`), looked up in the C library at run time.
private enum PseudoTerminal {
    private typealias OpenPT = @convention(c) (Int32) -> Int32
    private typealias Grant = @convention(c) (Int32) -> Int32
    private typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "no \(name) in the C library"])
        }
        return unsafeBitCast(symbol, to: type)
    }

    /// A new pseudo-terminal: the master's descriptor and the slave's path.
    static func open() throws -> (Int32, String) {
        let master = try function("posix_openpt", as: OpenPT.self)(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, try function("grantpt", as: Grant.self)(master) == 0, try function("unlockpt", as: Grant.self)(master) == 0,
            try function("ptsname_r", as: Name.self)(master, &name, name.count) == 0
        else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal: \(String(cString: strerror(errno)))"])
        }
        return (master, String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

extension FileHandle {
    /// The data available now (empty at end of file), read on a thread of its own rather than in
    /// the concurrency pool, whose few threads a blocking read would take away from the test.
    public func availableDataOffPool() async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in continuation.resume(returning: availableData) }
        }
    }

    /// Everything up to end of file, read on a thread of its own (see ``availableDataOffPool()``).
    public func dataToEndOffPool() async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in continuation.resume(returning: readDataToEndOfFile()) }
        }
    }
}

import Foundation

/// Runs a built executable of this package (`login`) as a separate process.
public struct CommandRunner: Sendable {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
        /// Seconds from the start of the process to its exit.
        public var elapsed: Double = 0
    }

    /// The executable.
    public let executable: URL

    /// Finds an executable next to the test bundle (`.build/<triple>/debug/<name>`), or at the
    /// path in the environment variable `<NAME>_BINARY`.
    /// - Parameter name: The product name.
    /// - Returns: The runner.
    /// - Throws: When the executable is missing (build it with `swift build` first).
    public static func builtProduct(_ name: String) throws -> CommandRunner {
        if let override = ProcessInfo.processInfo.environment[name.uppercased() + "_BINARY"] {
            return CommandRunner(executable: URL(fileURLWithPath: override))
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return CommandRunner(executable: candidate) }
            directory.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(name) is not built; run `swift build` before the tests"])
    }

    /// Runs the executable and waits for it.
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - environment: Extra environment variables.
    ///   - input: Text for standard input (none: stdin is empty, not a terminal).
    ///   - timeLimit: Seconds after which the process is terminated (and the test sees its
    ///     partial output and a signal status instead of hanging); `nil`: 120 s.
    /// - Returns: Status and output.
    /// - Throws: When the process cannot start.
    public func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil, timeLimit: Double? = nil) async throws
        -> Result
    {
        try await ProcessPermits.shared.withPermit {
            try await runNow(arguments, environment: environment, input: input, timeLimit: timeLimit ?? 120)
        }
    }

    private func runNow(_ arguments: [String], environment: [String: String], input: String?, timeLimit: Double) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        let started = Date()
        try process.launchSerially()
        let watchdog = process.terminate(after: timeLimit)
        defer { watchdog.cancel() }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        // Blocking reads on threads of their own, not in the concurrency pool: two of them there
        // would occupy both threads of a 2-core machine and starve everything else, the watchdog too.
        async let out = Self.readToEnd(stdout.fileHandleForReading)
        async let err = Self.readToEnd(stderr.fileHandleForReading)
        let (outData, errData) = await (out, err)
        await process.exited()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            elapsed: Date().timeIntervalSince(started))
    }

    private static func readToEnd(_ handle: FileHandle) async -> Data { await handle.dataToEndOffPool() }

    /// Starts the executable without waiting (servers).
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - environment: Extra environment variables.
    ///   - input: Its standard input (`nil`: this process's).
    /// - Returns: The running process and its output pipe.
    /// - Throws: When the process cannot start.
    public func start(_ arguments: [String], environment: [String: String] = [:], input: Pipe? = nil) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        if let input { process.standardInput = input }
        try process.launchSerially()
        return (process, output)
    }
}

/// A temporary directory removed when the test is done with it.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates a fresh directory under the system's temporary directory, mode 0700 (a state
    /// directory must be open to no one else).
    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("authcoordinator-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of the directory.
    public var path: String { url.path }
}

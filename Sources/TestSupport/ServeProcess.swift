import AuthData
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `login serve` running as a child process on a free port, stopped (SIGTERM) when released,
/// and when this process ends, even by a crash: it runs with `--stop-when-stdin-closes`, its
/// standard input a pipe whose only writer this object holds.
public final class ServeProcess: @unchecked Sendable {
    // @unchecked: `process` and `lifeline` are set once in `init` and only read afterwards;
    // Foundation's Process is thread-safe for terminate/wait.
    private let process: Process
    private let lifeline: Pipe
    /// The base URL (`http://127.0.0.1:<port>`).
    public let baseURL: String
    /// The Supabase anon key it printed.
    public let anonKey: String
    /// Everything it printed at startup.
    public let banner: String

    /// Starts `login serve --port 0` and waits for its banner.
    /// - Parameters:
    ///   - runner: The `login` binary.
    ///   - arguments: Extra arguments (`--state-dir`, `--ephemeral`, …).
    ///   - port: The port (0: a free one).
    ///   - environment: Extra environment variables for the server.
    /// - Throws: When it does not start within 60 s (a loaded machine runs many tests at once).
    public init(runner: CommandRunner, arguments: [String], port: Int = 0, environment: [String: String] = [:]) async throws {
        let lifeline = Pipe()
        self.lifeline = lifeline
        let (process, pipe) = try runner.start(
            ["serve", "--port", String(port), "--stop-when-stdin-closes"] + arguments,
            environment: environment, input: lifeline)
        self.process = process
        let handle = pipe.fileHandleForReading
        let watchdog = process.terminate(after: 60)
        // The banner is read, and the watchdog cancelled, on a thread of its own: cancelled from a
        // task, the watchdog waited for the concurrency pool, and on a starved pool it fired after
        // the banner had come and ended a server the test was about to use.
        let text = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var text = ""
                while !text.contains("  State ") {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                watchdog.cancel()
                done.resume(returning: text)
            }
        }
        banner = text
        guard
            let base = text.range(of: #"listening on (http://[0-9.:]+)"#, options: .regularExpression).map({
                String(text[$0].dropFirst("listening on ".count))
            }),
            let anonLine = text.split(separator: "\n").first(where: { $0.contains("Supabase anon key") })
        else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "login serve did not start: \(text)"])
        }
        baseURL = base
        anonKey = String(anonLine.split(separator: " ").last ?? "")
    }

    /// `host:port`.
    public var hostAndPort: String { String(baseURL.dropFirst("http://".count)) }

    /// The port it listens on.
    public var port: Int { Int(baseURL.split(separator: ":").last ?? "") ?? 0 }

    /// Sends SIGTERM and waits for the exit status.
    /// - Returns: The exit status.
    @discardableResult
    public func stop() async -> Int32 {
        if process.isRunning { process.terminate() }
        await process.exited()
        return process.terminationStatus
    }

    /// Sends SIGKILL (no shutdown, nothing flushed) and waits for the process to be gone.
    public func kill() async {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        await process.exited()
    }

    /// Closes its standard input, as the end of this process would, and waits for it to exit
    /// by itself, killing it (SIGKILL) after `seconds`.
    /// - Parameter seconds: The longest wait.
    /// - Returns: How it ended: its exit status, or the signal that ended it.
    public func closeLifelineAndWait(killAfter seconds: Double) async -> Process.TerminationReason {
        try? lifeline.fileHandleForWriting.close()
        let pid = process.processIdentifier
        let deadline = DispatchWorkItem { [process] in if process.isRunning { Glibc.kill(pid, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
        await process.exited()
        deadline.cancel()
        return process.terminationReason
    }

    deinit { if process.isRunning { process.terminate() } }
}

extension Process {
    /// Ends the process if it is still running after `seconds`: a test reading its output for a
    /// line that never comes then reads end-of-file and fails, instead of hanging the run.
    /// Cancel the returned watchdog once the output was read.
    /// - Parameter seconds: How long the process may run.
    /// - Returns: The watchdog.
    public func terminate(after seconds: Double) -> ProcessWatchdog {
        // A Dispatch timer, not a task that sleeps: it fires even when blocking reads occupy every
        // thread of the concurrency pool. For the same reason cancelling sets the flag right away
        // instead of in a task: a task that has not run yet when the pool is starved would leave
        // the timer to end a server whose banner was read long ago.
        let watchdog = ProcessWatchdog()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            if !watchdog.isCancelled, isRunning { terminate() }
        }
        return watchdog
    }

    /// Waits for the process to exit on a thread of its own, off the concurrency pool.
    public func exited() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread { [self] in
                waitUntilExit()
                done.resume()
            }
        }
    }
}

/// What ``Foundation/Process/terminate(after:)`` returns: cancel it and the process is left alone.
public final class ProcessWatchdog: Sendable {
    private let cancelled = Locked(false)

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.current }

    /// Leaves the process running past the deadline.
    public func cancel() { cancelled.withLock { $0 = true } }
}

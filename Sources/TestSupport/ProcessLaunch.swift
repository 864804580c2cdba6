import Foundation

extension Process {
    private static let launches = NSLock()

    /// Starts the process, one launch at a time in this test process. A whole-suite run once
    /// faulted in `memcpy` inside Foundation's `Process.run()` while tests started processes on
    /// several threads; that concurrent launches caused it is a guess, not shown. A launch takes
    /// milliseconds, so serialising them costs little.
    /// - Throws: What `run()` throws.
    public func launchSerially() throws {
        try Self.launches.withLock { try run() }
    }
}

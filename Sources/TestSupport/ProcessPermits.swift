import Foundation

/// How many short-lived commands the tests run at once. Swift Testing runs tests in parallel;
/// fifty `login` processes started together on a 2-core machine each take seconds instead of
/// tenths, and the tests that time what a command does (answers within a second) would time the
/// queue instead. ``CommandRunner/run(_:environment:input:timeout:)`` takes a permit for the
/// life of its process; long-running processes (servers, watches, prompts) do not.
public actor ProcessPermits {
    /// The permits of the test process: twice the processor count, at least 4.
    public static let shared = ProcessPermits(width: max(4, ProcessInfo.processInfo.activeProcessorCount * 2))

    private let width: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    /// Runs `body` holding a permit.
    public func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if inUse < width {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

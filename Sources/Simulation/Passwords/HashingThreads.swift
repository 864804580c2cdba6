import Foundation

/// Runs password hashing on threads of its own, at most ``width`` at once.
///
/// bcrypt at GoTrue's cost 10 takes a tenth of a second in a release build and seconds in a
/// debug or sanitized one. Run where the request is, it would hold one of the few threads of
/// Swift's concurrency pool for all that time, and with two of them busy every other request,
/// timer and health check of the process waits. Here the caller is suspended instead, and the
/// work waits for a permit when ``width`` hashes are already running.
///
/// ```swift
/// let hashing = HashingThreads()
/// let stored = try await hashing.hash(Array("correct horse".utf8), cost: Bcrypt.defaultCost)
/// let matches = await hashing.verify(Array("correct horse".utf8), against: stored)
/// ```
package final class HashingThreads: Sendable {
    private let permits: HashingPermits

    /// - Parameter width: How many hashes run at once (default: the processor count, at least 2,
    ///   read at the first hash: services that never hash a password, such as a `login apple`,
    ///   do not pay for `ProcessInfo` and the cgroup files it reads).
    package init(width: Int? = nil) {
        permits = HashingPermits(width: width.map { max(1, $0) })
    }

    /// How many hashes run at once.
    package var width: Int { get async { await permits.width } }

    /// ``Bcrypt/hash(_:cost:)`` on a hashing thread.
    package func hash(_ password: [UInt8], cost: Int) async throws(BcryptError) -> String {
        try await run { () -> Result<String, BcryptError> in
            do throws(BcryptError) { return .success(try Bcrypt.hash(password, cost: cost)) } catch { return .failure(error) }
        }.get()
    }

    /// ``Bcrypt/verify(_:against:)`` on a hashing thread: `false` for a malformed hash too.
    package func verify(_ password: [UInt8], against hash: String) async -> Bool {
        await run { (try? Bcrypt.verify(password, against: hash)) == true }
    }

    /// Runs `work` on a hashing thread once a permit is free.
    /// - Parameter work: CPU-bound work that neither throws nor blocks on anything else.
    /// - Returns: What it returned.
    package func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await permits.acquire()
        let value = await withCheckedContinuation { (done: CheckedContinuation<Value, Never>) in
            Thread.detachNewThread { done.resume(returning: work()) }
        }
        await permits.release()
        return value
    }
}

/// A counting semaphore for tasks: waiters resume in arrival order.
private actor HashingPermits {
    private let requested: Int?
    private(set) lazy var width = requested ?? max(2, ProcessInfo.processInfo.activeProcessorCount)
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int?) { requested = width }

    func acquire() async {
        guard inUse >= width else {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { inUse -= 1 } else { waiting.removeFirst().resume() }
    }
}

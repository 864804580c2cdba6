/// A first-come, first-served lock for async work within one process.
package actor AsyncMutex {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    package init() {}

    /// Runs `body` once every earlier holder has finished.
    package func run<T: Sendable, Failure: Error>(_ body: @Sendable () async throws(Failure) -> T) async throws(Failure) -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        guard isLocked else {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

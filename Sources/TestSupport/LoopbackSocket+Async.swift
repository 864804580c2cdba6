import Foundation

extension LoopbackSocket {
    /// Reads what arrives next, waiting on a thread of its own: a test that blocked one of the
    /// few threads of Swift's cooperative pool would starve the server it talks to (an
    /// in-process emulator answers on that pool).
    /// - Parameters:
    ///   - timeout: The longest wait.
    ///   - limit: The most bytes returned.
    /// - Returns: Bytes, `.closed`, or `.timedOut`.
    public func receive(timeout: Duration, limit: Int = 65_536) async -> Received {
        await onThread { self.receive(timeout: timeout, limit: limit) }
    }

    /// Reads until the peer closes the connection, dropping what arrives, on a thread of its own.
    /// - Parameter timeout: The longest wait.
    /// - Returns: Whether the peer closed it in time.
    public func waitForClose(timeout: Duration) async -> Bool {
        await onThread { self.waitForClose(timeout: timeout) }
    }

    private func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }
}

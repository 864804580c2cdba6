import Foundation

/// A value guarded by a lock, for the few places where shared mutable state must be reachable
/// synchronously (event fan-out, key caches).
///
/// `@unchecked Sendable` is sound here: every access to `value` goes through `lock`, and the
/// value itself is `Sendable`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` with exclusive access to the value, keeping the body's typed error.
    package func withExclusiveAccess<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    package var current: Value { withLock { $0 } }
}

import Foundation

/// One answer for one waiting task, delivered exactly once.
///
/// Callback APIs (a delegate, a completion handler) may answer twice, never, or after the
/// waiter gave up. Whatever comes first of ``resolve(_:)``, the waiting task's cancellation, or
/// ``abandon(because:)`` is the answer; everything after it is ignored. An answer that comes
/// before anyone waits is kept for the waiter.
///
/// `@unchecked Sendable` is sound: `state` is only read and written under `lock`.
package final class OneShotReply<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private enum State {
        /// No answer yet; the waiter, once it waits.
        case pending(CheckedContinuation<Result<Value, Failure>, Never>?)
        /// Answered before anyone waited.
        case held(Result<Value, Failure>)
        /// The answer went to the waiter.
        case delivered
    }

    private let lock = NSLock()
    private var state = State.pending(nil)

    package init() {}

    /// Whether an answer has been given, by any path.
    package var isAnswered: Bool {
        lock.withLock {
            if case .pending = state { return false }
            return true
        }
    }

    /// Whether a task is waiting for the answer.
    package var isWaiting: Bool {
        lock.withLock {
            if case .pending(.some) = state { return true }
            return false
        }
    }

    /// Answers, if nothing answered before.
    /// - Parameter result: The answer.
    /// - Returns: Whether this call was the answer (`false` when one came first).
    @discardableResult
    package func resolve(_ result: Result<Value, Failure>) -> Bool {
        let (accepted, waiter): (Bool, CheckedContinuation<Result<Value, Failure>, Never>?) = lock.withLock {
            guard case .pending(let waiter) = state else { return (false, nil) }
            state = waiter == nil ? .held(result) : .delivered
            return (true, waiter)
        }
        waiter?.resume(returning: result)
        return accepted
    }

    /// Ends the wait with an error when nothing answered (the callback's owner went away).
    /// - Parameter error: The error for the waiter.
    package func abandon(because error: Failure) {
        resolve(.failure(error))
    }

    /// Waits for the answer. Only one task may wait; a second gets `cancelled` at once.
    /// - Parameters:
    ///   - cancelled: The error for a waiting task that is cancelled before the answer.
    ///   - onCancel: Called once if that happens, so the caller can stop the work (dismiss a
    ///     sheet).
    /// - Returns: The answer.
    /// - Throws: The answer's error, or `cancelled`.
    package func value(cancelled: Failure, onCancel: @escaping @Sendable () -> Void) async throws(Failure) -> Value {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
                let ready: Result<Value, Failure>? = lock.withLock {
                    switch state {
                    case .pending(nil):
                        state = .pending(continuation)
                        return nil
                    case .held(let answer):
                        state = .delivered
                        return answer
                    case .pending(.some), .delivered:
                        return .failure(cancelled)
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            if resolve(.failure(cancelled)) { onCancel() }
        }
        return try result.get()
    }
}

import AuthData

/// A gate that test doubles put in front of an operation: while it is closed, callers of
/// ``pass()`` wait; a test can wait until one does, act, then open the gate. No sleeps.
public final class TestGate: Sendable {
    private struct State: Sendable {
        var isClosed = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var watchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Creates an open gate.
    public init() {}

    /// Makes later callers of ``pass()`` wait.
    public func close() { state.withLock { $0.isClosed = true } }

    /// Lets every waiting caller (and later ones) through.
    public func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isClosed = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns at once when the gate is open; otherwise waits until it opens.
    public func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                guard state.isClosed else { return nil }
                state.waiting.append(continuation)
                defer { state.watchers = [] }
                return state.watchers
            }
            guard let watchers else { return continuation.resume() }
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Suspends until a caller waits at the closed gate.
    public func waitForWaiter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if !state.waiting.isEmpty { return true }
                state.watchers.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

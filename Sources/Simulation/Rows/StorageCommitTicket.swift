import AuthData

/// The steps one request wrote that a storage has not committed yet, so that the request is
/// answered only once they are.
///
/// A server that answers many requests at once sets a ticket as ``current`` around each request
/// and awaits ``committed()`` before it answers. A storage that commits in groups (the SQLite
/// adapter) then lets a step of such a request return as soon as its writes are in the open
/// transaction, and commits that transaction together with the steps that arrived beside it; the
/// ticket settles when that commit has happened (or failed). Without a ticket a step returns only
/// once committed, as ``SimulationStorage`` says; a storage that commits every step at once (the
/// in-memory adapter) never joins a ticket, and ``committed()`` returns at once.
///
/// ```swift
/// let ticket = StorageCommitTicket()
/// let answer = await StorageCommitTicket.scope.withValue(ticket) { await route(request) }
/// if let failure = await ticket.committed() { return serverError(failure) }
/// return answer
/// ```
package final class StorageCommitTicket: Sendable {
    /// The task-local value that holds the ticket of the request a task answers: a server that
    /// awaits commits runs each request inside `scope.withValue(ticket) { … }`. (A `TaskLocal`
    /// constant rather than `@TaskLocal static var`, which the iOS SDK's compiler refuses as
    /// global mutable state.)
    package static let scope = TaskLocal<StorageCommitTicket?>(wrappedValue: nil)

    /// The ticket of the request the current task answers, if its server awaits commits.
    package static var current: StorageCommitTicket? { scope.get() }

    private struct State: Sendable {
        var pending = 0
        var failure: SimulationStorageError?
        var waiter: CheckedContinuation<SimulationStorageError?, Never>?
    }

    private let state = Locked(State())

    /// Creates a ticket with nothing pending.
    package init() {}

    /// Whether a step of this request waits for its commit.
    package var isPending: Bool { state.withLock { $0.pending > 0 } }

    /// Records that a step's writes joined an open transaction (called by the storage).
    package func join() { state.withLock { $0.pending += 1 } }

    /// Records that the transaction holding one joined step ended (called by the storage).
    /// - Parameter failure: Why it was not committed, or `nil` when it was.
    package func settle(_ failure: SimulationStorageError?) {
        let ready = state.withLock { state -> (CheckedContinuation<SimulationStorageError?, Never>, SimulationStorageError?)? in
            state.pending -= 1
            if state.failure == nil { state.failure = failure }
            guard state.pending == 0, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, state.failure)
        }
        if let (waiter, failure) = ready { waiter.resume(returning: failure) }
    }

    /// Waits until every step this request wrote is committed. The storage schedules each commit
    /// as the step joins, so this wait ends as soon as the writer has committed.
    /// - Returns: `nil` when all of them were committed; the storage's failure when some were not
    ///   (then nothing of the failed transaction was kept, and the request must not succeed).
    package func committed() async -> SimulationStorageError? {
        if let settled = state.withLock({ $0.pending == 0 ? Optional($0.failure) : nil }) { return settled }
        return await withCheckedContinuation { continuation in
            let settled = state.withLock { state -> SimulationStorageError?? in
                if state.pending == 0 { return .some(state.failure) }
                state.waiter = continuation
                return nil
            }
            if let settled { continuation.resume(returning: settled) }
        }
    }
}

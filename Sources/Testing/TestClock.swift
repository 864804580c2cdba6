import AuthData
import Foundation

/// A clock that moves only when a test says so. `sleep` suspends until ``advance(by:)`` passes
/// the deadline; ``waitForSleepers(_:)`` lets a test wait until background loops are parked,
/// so clock-driven tests need no real sleeps.
public final class TestClock: Sendable {
    private struct Sleeper: Sendable {
        let id: UUID
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter: Sendable {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State: Sendable {
        var now: Date
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []
        var cancelled: Set<UUID> = []
    }

    private let state: Locked<State>

    /// Creates a clock.
    /// - Parameter start: The initial time (default 2026-01-01T00:00:00Z).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Locked(State(now: start))
    }

    /// The current time.
    public var now: Date { state.withLock { $0.now } }

    /// This clock as an ``AuthClock``.
    public var clock: AuthClock {
        AuthClock(now: { [self] in now }, sleep: { [self] duration in try await sleep(for: duration) })
    }

    /// How many tasks are sleeping.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// When the sleeping tasks wake, earliest first (to check a schedule, such as a backoff).
    public var deadlines: [Date] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    /// Moves time forward and wakes every sleeper whose deadline has passed, earliest first.
    /// - Parameter seconds: How far.
    public func advance(by seconds: TimeInterval) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Suspends until at least `count` tasks sleep on this clock.
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func sleep(for duration: Duration) async throws {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (immediate, ready) = state.withLock { state -> (Bool?, [Waiter]) in
                    if state.cancelled.remove(id) != nil { return (nil, []) }
                    guard seconds > 0 else { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now.addingTimeInterval(seconds), continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.waiters.filter { $0.count <= count }
                    state.waiters.removeAll { $0.count <= count }
                    return (false, ready)
                }
                for waiter in ready { waiter.continuation.resume() }
                switch immediate {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: break
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}

import AuthData

/// Counts how many holders are inside a critical section at once.
final class Occupancy: Sendable {
    private struct State: Sendable {
        var inside = 0
        var maximum = 0
        var visits = 0
    }

    private let state = Locked(State())

    var maximum: Int { state.withLock { $0.maximum } }
    var visits: Int { state.withLock { $0.visits } }

    /// Enters, yields a few times so that a non-exclusive store would let others in, leaves.
    func visit(_ index: Int) async -> Int {
        state.withLock { state in
            state.inside += 1
            state.visits += 1
            state.maximum = max(state.maximum, state.inside)
        }
        for _ in 0..<5 { await Task.yield() }
        state.withLock { $0.inside -= 1 }
        return index
    }
}

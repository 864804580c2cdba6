import AuthData
import AuthDomain

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

extension Occupancy {
    /// Ten holders take exclusive access through the stores in turn (even ones the first, odd
    /// ones the second), each visiting the critical section.
    /// - Parameters:
    ///   - first: One store value.
    ///   - second: Another value over the same place.
    /// - Returns: What the visits saw.
    static func alternating(_ first: any SessionStore, _ second: any SessionStore) async throws -> Occupancy {
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.withExclusiveAccess { await occupancy.visit(index) } }
            }
            try await group.waitForAll()
        }
        return occupancy
    }
}

import Foundation

/// The `createAuthUri` sessions of one project, waiting for `signInWithIdp`: looked up by key,
/// dropped once older than their lifetime, and at most `capacity` of them (the oldest goes
/// first), so that unauthenticated calls cannot grow memory or the cost of a call. Expired
/// sessions leave from the front of the insertion order, a few per insert: no call scans them all.
struct FirebaseWebSessions: Sendable {
    /// How many sessions may wait at once.
    let capacity: Int
    /// How long one waits.
    let lifetime: TimeInterval
    private var sessions: [String: FirebaseWebSession] = [:]
    private var order: [String] = []
    private var head = 0

    /// Creates an empty set.
    /// - Parameters:
    ///   - capacity: The most sessions kept.
    ///   - lifetime: How long one is kept, in seconds.
    init(capacity: Int, lifetime: TimeInterval) {
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
    }

    /// How many are kept.
    var count: Int { sessions.count }

    /// Keeps a session, after dropping the expired ones at the front and, when full, the oldest.
    /// - Parameters:
    ///   - session: The session.
    ///   - id: Its key.
    ///   - now: The time.
    mutating func insert(_ session: FirebaseWebSession, id: String, now: Date) {
        while head < order.count {
            let oldest = order[head]
            guard let waiting = sessions[oldest] else {
                head += 1
                continue
            }
            guard sessions.count >= capacity || now.timeIntervalSince(waiting.createdAt) >= lifetime else { break }
            sessions[oldest] = nil
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        sessions[id] = session
        order.append(id)
    }

    /// Takes a session out (single use), when it is there and has not expired.
    /// - Parameters:
    ///   - id: Its key.
    ///   - now: The time.
    /// - Returns: The session, or `nil`.
    mutating func take(_ id: String, now: Date) -> FirebaseWebSession? {
        guard let session = sessions.removeValue(forKey: id), now.timeIntervalSince(session.createdAt) < lifetime else { return nil }
        return session
    }
}

import Foundation
import Testing

@testable import AuthSimulation

/// `createAuthUri` sessions are unauthenticated (any caller with the public API key makes one),
/// so they are bounded, expire, and are found by key: 21,000 calls once grew the set without
/// bound and scanned all of it on every insert.
@Suite("Firebase createAuthUri sessions")
struct FirebaseWebSessionsTests {
    private func session(at time: TimeInterval) -> FirebaseWebSession {
        FirebaseWebSession(
            providerId: "apple.com", continueUri: "http://127.0.0.1:1/cb", state: "s", createdAt: Date(timeIntervalSince1970: time))
    }

    @Test("at most capacity sessions wait; the oldest go first; the newest are still found")
    func bounded() {
        var sessions = FirebaseWebSessions(capacity: 1_000, lifetime: 600)
        for index in 0..<21_000 { sessions.insert(session(at: 0), id: "id-\(index)", now: Date(timeIntervalSince1970: 1)) }
        #expect(sessions.count == 1_000)
        #expect(sessions.take("id-0", now: Date(timeIntervalSince1970: 2)) == nil)
        #expect(sessions.take("id-20999", now: Date(timeIntervalSince1970: 2)) != nil)
        #expect(sessions.take("id-20999", now: Date(timeIntervalSince1970: 2)) == nil, "single use")
    }

    @Test("a session older than its lifetime is not found, and is dropped by later inserts")
    func expiry() {
        var sessions = FirebaseWebSessions(capacity: 100, lifetime: 600)
        sessions.insert(session(at: 0), id: "old", now: Date(timeIntervalSince1970: 0))
        sessions.insert(session(at: 100), id: "kept", now: Date(timeIntervalSince1970: 100))
        #expect(sessions.take("old", now: Date(timeIntervalSince1970: 600)) == nil)
        sessions.insert(session(at: 0), id: "stale", now: Date(timeIntervalSince1970: 0))
        sessions.insert(session(at: 800), id: "new", now: Date(timeIntervalSince1970: 800))
        #expect(sessions.count == 1, "the expired ones left with the insert")
        #expect(sessions.take("new", now: Date(timeIntervalSince1970: 801)) != nil)
    }
}

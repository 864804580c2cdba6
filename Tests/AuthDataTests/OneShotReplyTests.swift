@testable import AuthData
import AuthDomain
import Foundation
import Testing

/// The one-answer rule behind the system Apple ID sheet and credential-state adapters: however a
/// callback API behaves, the waiter is answered exactly once.
@Suite("One-shot reply")
struct OneShotReplyTests {
    @Test("the first answer wins; later ones are ignored")
    func firstAnswerWins() async throws {
        let reply = OneShotReply<Int>()
        #expect(reply.resolve(.success(1)))
        #expect(!reply.resolve(.success(2)))
        #expect(!reply.resolve(.failure(AuthError.cancelled)))
        #expect(try await reply.value(onCancel: {}) == 1)
    }

    @Test("an answer that arrives while the task waits resumes it")
    func answerWhileWaiting() async throws {
        let reply = OneShotReply<String>()
        async let value = reply.value(onCancel: {})
        try await waitUntilWaiting(reply)
        reply.resolve(.success("credential"))
        reply.resolve(.success("late"))
        #expect(try await value == "credential")
    }

    @Test("an error answer is thrown to the waiter")
    func errorAnswer() async throws {
        let reply = OneShotReply<Int>()
        reply.resolve(.failure(AuthError.notHandled))
        await #expect(throws: AuthError.notHandled) { try await reply.value(onCancel: {}) }
    }

    @Test("cancelling the waiting task ends the wait once and stops the work; a later answer is ignored")
    func cancellation() async throws {
        let reply = OneShotReply<Int>()
        let stops = Counter()
        let task = Task { try await reply.value(onCancel: { stops.increment() }) }
        try await waitUntilWaiting(reply)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!reply.resolve(.success(3)))
        #expect(stops.value == 1)
    }

    @Test("a task cancelled before it waits is answered with CancellationError at once")
    func cancelledBeforeWaiting() async throws {
        let reply = OneShotReply<Int>()
        let started = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            started.continuation.yield()
            try? await Task.sleep(for: .seconds(60))
            return try await reply.value(onCancel: {})
        }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("a callback owner released without answering ends the wait through its tripwire")
    func releasedWithoutAnswer() async throws {
        let reply = OneShotReply<Int>()
        var owner: ReleaseTripwire? = ReleaseTripwire { reply.abandon(because: AuthError.authorizationFailed("closed without an answer")) }
        #expect(owner != nil)
        owner = nil
        await #expect(throws: AuthError.authorizationFailed("closed without an answer")) { try await reply.value(onCancel: {}) }
    }

    @Test("a tripwire released after the answer changes nothing")
    func tripwireAfterAnswer() async throws {
        let reply = OneShotReply<Int>()
        var owner: ReleaseTripwire? = ReleaseTripwire { reply.abandon(because: AuthError.cancelled) }
        reply.resolve(.success(9))
        owner = nil
        #expect(owner == nil)
        #expect(try await reply.value(onCancel: {}) == 9)
    }

    @Test("a second waiter gets an error, not a hang")
    func secondWaiter() async throws {
        let reply = OneShotReply<Int>()
        reply.resolve(.success(1))
        _ = try await reply.value(onCancel: {})
        await #expect(throws: OneShotReply<Int>.AlreadyDelivered.self) { try await reply.value(onCancel: {}) }
    }
}

/// Yields until a task waits on `reply`, for at most 5 s.
private func waitUntilWaiting<Value>(_ reply: OneShotReply<Value>) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !reply.isWaiting {
        try #require(ContinuousClock.now < deadline, "no task started waiting")
        try await Task.sleep(for: .milliseconds(1))
    }
}

private final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.current }
    func increment() { count.withLock { $0 += 1 } }
}

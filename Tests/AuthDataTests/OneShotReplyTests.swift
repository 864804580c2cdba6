import AuthDomain
import Foundation
import Testing

@testable import AuthData

/// The one-answer rule behind the system Apple ID sheet and credential-state adapters: however a
/// callback API behaves, the waiter is answered exactly once.
@Suite("One-shot reply")
struct OneShotReplyTests {
    @Test("the first answer wins; later ones are ignored")
    func firstAnswerWins() async throws {
        let reply = OneShotReply<Int, AuthError>()
        #expect(reply.resolve(.success(1)))
        #expect(!reply.resolve(.success(2)))
        #expect(!reply.resolve(.failure(AuthError.cancelled)))
        #expect(try await reply.value(cancelled: .cancelled, onCancel: {}) == 1)
    }

    @Test("an answer that arrives while the task waits resumes it")
    func answerWhileWaiting() async throws {
        let reply = OneShotReply<String, AuthError>()
        async let value = reply.value(cancelled: .cancelled, onCancel: {})
        try await waitUntilWaiting(reply)
        reply.resolve(.success("credential"))
        reply.resolve(.success("late"))
        #expect(try await value == "credential")
    }

    @Test("an error answer is thrown to the waiter")
    func errorAnswer() async throws {
        let reply = OneShotReply<Int, AuthError>()
        reply.resolve(.failure(AuthError.notHandled))
        await #expect(throws: AuthError.notHandled) { try await reply.value(cancelled: .cancelled, onCancel: {}) }
    }

    @Test("cancelling the waiting task ends the wait once with the cancellation error and stops the work; a later answer is ignored")
    func cancellation() async throws {
        let reply = OneShotReply<Int, AuthError>()
        let stops = Counter()
        let task = Task { try await reply.value(cancelled: .cancelled, onCancel: { stops.increment() }) }
        try await waitUntilWaiting(reply)
        task.cancel()
        await #expect(throws: AuthError.cancelled) { try await task.value }
        #expect(!reply.resolve(.success(3)))
        #expect(stops.value == 1)
    }

    @Test("a task cancelled before it waits is answered with the cancellation error at once")
    func cancelledBeforeWaiting() async throws {
        let reply = OneShotReply<Int, AuthError>()
        let started = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            started.continuation.yield()
            try? await Task.sleep(for: .seconds(60))
            return try await reply.value(cancelled: .cancelled, onCancel: {})
        }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: AuthError.cancelled) { try await task.value }
    }

    @Test("a callback owner released without answering ends the wait through its tripwire")
    func releasedWithoutAnswer() async throws {
        let reply = OneShotReply<Int, AuthError>()
        var owner: ReleaseTripwire? = ReleaseTripwire { reply.abandon(because: AuthError.authorizationFailed("closed without an answer")) }
        #expect(owner != nil)
        owner = nil
        await #expect(throws: AuthError.authorizationFailed("closed without an answer")) {
            try await reply.value(cancelled: .cancelled, onCancel: {})
        }
    }

    @Test("a tripwire released after the answer changes nothing")
    func tripwireAfterAnswer() async throws {
        let reply = OneShotReply<Int, AuthError>()
        var owner: ReleaseTripwire? = ReleaseTripwire { reply.abandon(because: AuthError.cancelled) }
        reply.resolve(.success(9))
        owner = nil
        #expect(owner == nil)
        #expect(try await reply.value(cancelled: .cancelled, onCancel: {}) == 9)
    }

    @Test("a second waiter gets the cancellation error at once, not a hang")
    func secondWaiter() async throws {
        let reply = OneShotReply<Int, AuthError>()
        reply.resolve(.success(1))
        _ = try await reply.value(cancelled: .cancelled, onCancel: {})
        await #expect(throws: AuthError.cancelled) { try await reply.value(cancelled: .cancelled, onCancel: {}) }
    }
}

/// Yields until a task waits on `reply`, for at most 5 s.
private func waitUntilWaiting<Value>(_ reply: OneShotReply<Value, AuthError>) async throws {
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

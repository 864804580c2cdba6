import AuthDomain
import Foundation

/// Fans auth-state events out to any number of subscribers, each of which first receives
/// ``AuthStateEvent/initialSession(_:)`` with the session as it is when it subscribes (or, for
/// subscribers that arrive before the stored session was read, as soon as it has been).
///
/// Subscription and emission share one lock, so a subscriber sees either an event or its
/// effect in the initial session, never both and never neither.
package final class AuthEventHub: Sendable {
    private struct State: Sendable {
        var restored = false
        var current: StoredSession?
        var subscribers: [UUID: AsyncStream<AuthStateEvent>.Continuation] = [:]
    }

    private let state = Locked(State())
    private let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) { self.now = now }

    /// A new stream of events, starting with the initial session.
    package func subscribe() -> AsyncStream<AuthStateEvent> {
        let (stream, continuation) = AsyncStream<AuthStateEvent>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        state.withLock { state in
            state.subscribers[id] = continuation
            if state.restored { continuation.yield(.initialSession(initial(state.current))) }
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Records the session read at start and announces it to early subscribers. Later calls
    /// are ignored: there is one initial session.
    package func restored(_ stored: StoredSession?) {
        state.withLock { state in
            guard !state.restored else { return }
            state.restored = true
            state.current = stored
            let event = AuthStateEvent.initialSession(initial(stored))
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// Announces an event and updates the session new subscribers start from.
    package func emit(_ event: AuthStateEvent) {
        state.withLock { state in
            switch event {
            case .signedIn(let stored): state.current = stored
            case .tokenRefreshed(let session): state.current?.session = session
            case .userUpdated(let user): state.current?.user = user
            case .signedOut, .userDeleted: state.current = nil
            case .initialSession: return
            }
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// Ends every stream. The continuations are finished outside the lock: finishing runs each
    /// stream's termination handler, which takes the lock to unsubscribe.
    package func finish() {
        let ending = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in ending { continuation.finish() }
    }

    private func initial(_ stored: StoredSession?) -> InitialSession? {
        stored.map { InitialSession(stored: $0, isExpired: $0.session.expiresAt <= now()) }
    }
}

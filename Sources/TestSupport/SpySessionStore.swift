import AuthData
import AuthDomain

/// A ``SessionStore`` decorator that records every operation, can fail the next save (the
/// process dying between receiving a rotated token and storing it), and can hold reads at a
/// ``TestGate`` until the test opens it (a slow Keychain at launch).
public final class SpySessionStore: SessionStore {
    /// One operation on the store.
    public enum Operation: Hashable, Sendable {
        /// A read.
        case load
        /// A write that reached the wrapped store.
        case save(StoredSession)
        /// A write that was made to fail.
        case failedSave(StoredSession)
        /// A removal.
        case delete
    }

    private struct State: Sendable {
        var operations: [Operation] = []
        var saveFailures: [AuthError] = []
    }

    private let inner: any SessionStore
    private let state = Locked(State())

    /// Reads pass this gate first: close it to hold them (a slow Keychain at launch).
    public let loadGate = TestGate()

    /// Saves pass this gate before writing: close it to hold a write on the way to the disk.
    public let saveGate = TestGate()

    /// Creates a decorator.
    /// - Parameter inner: The store that keeps the data.
    public init(wrapping inner: any SessionStore) { self.inner = inner }

    /// Every operation so far, in order.
    public var operations: [Operation] { state.withLock { $0.operations } }

    /// Makes the next save throw `error` without writing anything.
    /// - Parameter error: The failure (a storage error by default).
    public func failNextSave(with error: AuthError = .storage("simulated crash before the write")) {
        state.withLock { $0.saveFailures.append(error) }
    }

    public func load() async throws(AuthError) -> StoredSession? {
        state.withLock { $0.operations.append(.load) }
        await loadGate.pass()
        return try await inner.load()
    }

    public func save(_ session: StoredSession) async throws(AuthError) {
        let failure = state.withLock { state -> AuthError? in
            guard !state.saveFailures.isEmpty else { return nil }
            state.operations.append(.failedSave(session))
            return state.saveFailures.removeFirst()
        }
        if let failure { throw failure }
        await saveGate.pass()
        try await inner.save(session)
        state.withLock { $0.operations.append(.save(session)) }
    }

    public func delete() async throws(AuthError) {
        try await inner.delete()
        state.withLock { $0.operations.append(.delete) }
    }

    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError) -> T {
        try await inner.withExclusiveAccess(body)
    }
}

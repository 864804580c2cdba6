import AuthDomain
import Foundation

/// A session store that forgets everything when the process ends (tests, previews, apps that
/// want no persistence).
public actor InMemorySessionStore: SessionStore {
    private var stored: StoredSession?
    private let mutex = AsyncMutex()

    /// Creates a store.
    /// - Parameter initial: A session to start with.
    public init(initial: StoredSession? = nil) { stored = initial }

    /// The stored session.
    /// - Returns: The session, or `nil`.
    public func load() async throws(AuthError) -> StoredSession? { stored }

    /// Replaces the stored session.
    /// - Parameter session: The session to keep.
    public func save(_ session: StoredSession) async throws(AuthError) { stored = session }

    /// Forgets the stored session.
    public func delete() async throws(AuthError) { stored = nil }

    /// Runs `body` exclusively among this store's users.
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError) -> T {
        try await mutex.run(body)
    }
}

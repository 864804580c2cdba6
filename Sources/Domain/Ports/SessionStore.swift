/// Keeps the signed-in session across launches: in memory, in a file (mode 0600, atomic
/// replace), or in the Keychain on Apple platforms.
///
/// A missing item reads as `nil`; deleting a missing item succeeds.
public protocol SessionStore: Sendable {
    /// Reads the stored session.
    /// - Returns: The session, or `nil` when none is stored (or what is stored is unreadable:
    ///   the store logs a warning and never crashes).
    /// - Throws: ``AuthError/storage(_:)`` only when the store itself is unreachable.
    func load() async throws(AuthError) -> StoredSession?

    /// Replaces the stored session.
    /// - Parameter session: The session to keep.
    /// - Throws: ``AuthError/storage(_:)``.
    func save(_ session: StoredSession) async throws(AuthError)

    /// Removes the stored session.
    /// - Throws: ``AuthError/storage(_:)``.
    func delete() async throws(AuthError)

    /// Runs `body` while no other holder (another task, or another process sharing the same
    /// file) runs its own, so a refresh can re-read the store and rotate the token alone.
    /// - Parameter body: The work to do exclusively.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``AuthError/storage(_:)`` when the lock fails.
    func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T) async throws(AuthError) -> T
}

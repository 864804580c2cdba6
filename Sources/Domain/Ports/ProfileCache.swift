/// Keeps what a provider said on the first sign-in (Apple's name and email come only once), so
/// that a failed profile write to the backend is not the end of it.
public protocol ProfileCache: Sendable {
    /// Reads the cached profile of a user.
    /// - Parameter userID: The backend user id.
    /// - Returns: The profile, or `nil`.
    func profile(forUserID userID: String) async -> ProviderProfile?

    /// Caches a profile.
    /// - Parameters:
    ///   - profile: What the provider gave.
    ///   - userID: The backend user id.
    /// - Throws: ``AuthError/storage(_:)``.
    func save(_ profile: ProviderProfile, forUserID userID: String) async throws(AuthError)

    /// Forgets a user's profile (sign-out of a deleted account).
    /// - Parameter userID: The backend user id.
    /// - Throws: ``AuthError/storage(_:)``.
    func remove(forUserID userID: String) async throws(AuthError)
}

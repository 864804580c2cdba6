import AuthDomain

/// A profile cache in memory.
public actor InMemoryProfileCache: ProfileCache {
    private var profiles: [String: ProviderProfile] = [:]

    /// Creates an empty cache.
    public init() {}

    /// The cached profile.
    /// - Parameter userID: The user id.
    /// - Returns: The profile, or `nil`.
    public func profile(forUserID userID: String) async -> ProviderProfile? { profiles[userID] }

    /// Caches a profile.
    /// - Parameters:
    ///   - profile: The profile.
    ///   - userID: The user id.
    public func save(_ profile: ProviderProfile, forUserID userID: String) async throws(AuthError) { profiles[userID] = profile }

    /// Forgets a profile.
    /// - Parameter userID: The user id.
    public func remove(forUserID userID: String) async throws(AuthError) { profiles[userID] = nil }
}

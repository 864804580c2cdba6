import AuthDomain

/// A profile repository for apps whose profile is the auth user itself: the name and email
/// from the backend, completed from the ``ProfileCache`` when the backend lacks them (Apple's
/// first-sign-in name not yet written back).
public struct AuthUserProfileRepository: ProfileRepository {
    private let cache: any ProfileCache

    /// Creates the repository.
    /// - Parameter cache: The first-sign-in profile cache.
    public init(cache: any ProfileCache) { self.cache = cache }

    /// The profile of a user.
    /// - Parameter user: The user.
    /// - Returns: Name and email from the backend, else from the cache.
    public func profile(for user: AuthUser) async throws(AuthError) -> UserProfile {
        if let name = user.displayName, let email = user.email {
            return UserProfile(displayName: name, email: email)
        }
        let cached = await cache.profile(forUserID: user.id)
        return UserProfile(displayName: user.displayName ?? cached?.name?.formatted, email: user.email ?? cached?.email)
    }
}

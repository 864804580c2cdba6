/// The app's own view of a user's profile, which decides whether onboarding is needed.
public protocol ProfileRepository: Sendable {
    /// Reads the profile of a user.
    /// - Parameter user: The signed-in user.
    /// - Returns: The profile as far as it is known.
    /// - Throws: ``AuthError`` when it cannot be read.
    func profile(for user: AuthUser) async throws(AuthError) -> UserProfile
}

/// A user's profile as the app sees it.
public struct UserProfile: Hashable, Sendable {
    /// The name to address the user by.
    public var displayName: String?
    /// The contact email.
    public var email: String?

    /// Creates a profile.
    /// - Parameters:
    ///   - displayName: The name, if known.
    ///   - email: The email, if known.
    public init(displayName: String?, email: String?) {
        self.displayName = displayName
        self.email = email
    }

    /// A profile is complete when it has a non-empty name and email.
    public var isComplete: Bool {
        !(displayName ?? "").isEmpty && !(email ?? "").isEmpty
    }
}

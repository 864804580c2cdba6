/// Decides where a signed-in user goes: onboarding when the profile lacks a name or email,
/// the pending-invitation screen when the app admits members only and the user has no
/// organisation, the main screen otherwise. Guests go to the main screen.
public struct PostAuthRouter: Sendable {
    private let profiles: any ProfileRepository
    private let membership: (any MembershipChecking)?

    /// Creates a router.
    /// - Parameters:
    ///   - profiles: Where the app's profiles are read.
    ///   - membership: The membership check, for apps that admit members by invitation.
    public init(profiles: any ProfileRepository, membership: (any MembershipChecking)?) {
        self.profiles = profiles
        self.membership = membership
    }

    /// Picks the destination for a signed-in user.
    /// - Parameter user: The user.
    /// - Returns: The destination.
    /// - Throws: ``AuthError`` when the profile or membership cannot be read.
    public func destination(for user: AuthUser) async throws(AuthError) -> Destination {
        if let membership, try await !membership.hasOrganisation(user) {
            return .pendingInvitation
        }
        if user.isAnonymous { return .main }
        let profile = try await profiles.profile(for: user)
        guard profile.isComplete else {
            return .onboarding(OnboardingPrefill(name: profile.displayName, email: profile.email))
        }
        return .main
    }
}

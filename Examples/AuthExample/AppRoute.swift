import AuthDomain

/// Which screen the app shows, decided by the auth-state stream and the post-sign-in router.
enum AppRoute: Equatable {
    /// Restoring the stored session.
    case launching
    /// Nobody is signed in: the sign-in flow.
    case signedOut
    /// Signed in, the profile incomplete: onboarding, prefilled.
    case onboarding(OnboardingPrefill)
    /// Signed in, no membership yet: waiting for an invitation.
    case pendingInvitation
    /// Signed in and ready.
    case main
    /// The route could not be decided (offline, say); retry.
    case unavailable(String)

    init(_ destination: Destination) {
        switch destination {
        case .main: self = .main
        case .onboarding(let prefill): self = .onboarding(prefill)
        case .pendingInvitation: self = .pendingInvitation
        }
    }
}

/// Where the app goes after a sign-in.
public enum Destination: Hashable, Sendable {
    /// The main screen: the profile is complete.
    case main
    /// Onboarding, to ask for what the profile lacks, prefilled with what is known.
    case onboarding(OnboardingPrefill)
    /// The user belongs to no organisation yet and waits for an invitation.
    case pendingInvitation

    /// `main`, `onboarding` or `pendingInvitation`.
    public var name: String {
        switch self {
        case .main: "main"
        case .onboarding: "onboarding"
        case .pendingInvitation: "pendingInvitation"
        }
    }
}

/// What onboarding can show already filled in.
public struct OnboardingPrefill: Hashable, Sendable {
    /// The name, if known.
    public var name: String?
    /// The email, if known.
    public var email: String?

    /// Creates a prefill.
    /// - Parameters:
    ///   - name: The known name.
    ///   - email: The known email.
    public init(name: String?, email: String?) {
        self.name = name
        self.email = email
    }
}

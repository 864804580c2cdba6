import AuthDomain
import Testing

/// Where a user goes after signing in: the pending-invitation screen without an organisation,
/// onboarding while the profile lacks a name, else main.
@Suite("Post-authentication routing")
struct PostAuthRouterTests {
    private struct Membership: MembershipChecking {
        let member: Bool
        func hasOrganisation(_ user: AuthUser) async throws(AuthError) -> Bool { member }
    }

    /// A profile that knows what the user record knows, plus an optional name from elsewhere.
    private struct Profiles: ProfileRepository {
        var knownName: String?
        func profile(for user: AuthUser) async throws(AuthError) -> UserProfile {
            UserProfile(displayName: user.displayName ?? knownName, email: user.email)
        }
    }

    private func user(name: String?, email: String? = "ada@example.com", anonymous: Bool = false) -> AuthUser {
        AuthUser(
            id: "u1", email: email, displayName: name, isEmailVerified: true, isAnonymous: anonymous, providers: anonymous ? [] : [.apple])
    }

    @Test("a complete profile goes to main")
    func main() async throws {
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        #expect(try await router.destination(for: user(name: "Ada Lovelace")) == .main)
    }

    @Test("no name anywhere (a reinstall after the one-time Apple sheet) goes to onboarding, prefilled with the email")
    func onboarding() async throws {
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        #expect(try await router.destination(for: user(name: nil)) == .onboarding(OnboardingPrefill(name: nil, email: "ada@example.com")))
    }

    @Test("a name the profile repository knows completes the profile")
    func knownName() async throws {
        let router = PostAuthRouter(profiles: Profiles(knownName: "Ada Lovelace"), membership: nil)
        #expect(try await router.destination(for: user(name: nil)) == .main)
    }

    @Test("no organisation goes to the pending-invitation screen")
    func pendingInvitation() async throws {
        let router = PostAuthRouter(profiles: Profiles(), membership: Membership(member: false))
        #expect(try await router.destination(for: user(name: "Ada")) == .pendingInvitation)
        let member = PostAuthRouter(profiles: Profiles(), membership: Membership(member: true))
        #expect(try await member.destination(for: user(name: "Ada")) == .main)
    }

    @Test("guests go to main without onboarding")
    func guest() async throws {
        let router = PostAuthRouter(profiles: Profiles(), membership: nil)
        #expect(try await router.destination(for: user(name: nil, email: nil, anonymous: true)) == .main)
    }
}

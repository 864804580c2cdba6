import AuthData
import AuthDomain
import AuthTestSupport
import Testing

@Suite("Post-authentication routing")
struct PostAuthRouterTests {
    private struct Membership: MembershipChecking {
        let member: Bool
        func hasOrganisation(_ user: AuthUser) async throws -> Bool { member }
    }

    private func user(name: String?, email: String? = "ada@example.com", anonymous: Bool = false) -> AuthUser {
        AuthUser(id: "u1", email: email, displayName: name, isEmailVerified: true, isAnonymous: anonymous, providers: anonymous ? [] : [.apple])
    }

    @Test("a complete profile goes to main")
    func main() async throws {
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: InMemoryProfileCache()), membership: nil)
        #expect(try await router.destination(for: user(name: "Ada Lovelace")) == .main)
    }

    @Test("no name anywhere (a reinstall after the one-time Apple sheet) goes to onboarding, prefilled with the email")
    func onboarding() async throws {
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: InMemoryProfileCache()), membership: nil)
        #expect(try await router.destination(for: user(name: nil)) == .onboarding(OnboardingPrefill(name: nil, email: "ada@example.com")))
    }

    @Test("a name kept in the profile cache completes the profile")
    func cachedName() async throws {
        let cache = InMemoryProfileCache()
        try await cache.save(ProviderProfile(name: PersonName(givenName: "Ada", familyName: "Lovelace")), forUserID: "u1")
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: cache), membership: nil)
        #expect(try await router.destination(for: user(name: nil)) == .main)
    }

    @Test("no organisation goes to the pending-invitation screen")
    func pendingInvitation() async throws {
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: InMemoryProfileCache()), membership: Membership(member: false))
        #expect(try await router.destination(for: user(name: "Ada")) == .pendingInvitation)
        let member = PostAuthRouter(profiles: AuthUserProfileRepository(cache: InMemoryProfileCache()), membership: Membership(member: true))
        #expect(try await member.destination(for: user(name: "Ada")) == .main)
    }

    @Test("guests go to main without onboarding")
    func guest() async throws {
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: InMemoryProfileCache()), membership: nil)
        #expect(try await router.destination(for: user(name: nil, email: nil, anonymous: true)) == .main)
    }
}

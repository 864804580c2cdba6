import AuthData
import AuthDomain
import Testing

/// The profile the router reads: the backend user's fields, completed from the first-sign-in
/// cache (Apple gives the name once; a reinstall finds it there).
@Suite("Profile repository")
struct AuthUserProfileRepositoryTests {
    private let user = AuthUser(
        id: "u1", email: "ada@example.com", displayName: nil, isEmailVerified: true, isAnonymous: false, providers: [.apple])

    @Test("a name kept in the profile cache completes the profile")
    func cachedName() async throws {
        let cache = InMemoryProfileCache()
        try await cache.save(ProviderProfile(name: PersonName(givenName: "Ada", familyName: "Lovelace")), forUserID: "u1")
        let profile = try await AuthUserProfileRepository(cache: cache).profile(for: user)
        #expect(profile == UserProfile(displayName: "Ada Lovelace", email: "ada@example.com"))
        #expect(profile.isComplete)
    }

    @Test("nothing cached leaves the name missing")
    func nothingCached() async throws {
        let profile = try await AuthUserProfileRepository(cache: InMemoryProfileCache()).profile(for: user)
        #expect(profile.displayName == nil)
        #expect(!profile.isComplete)
    }
}

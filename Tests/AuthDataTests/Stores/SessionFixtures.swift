import AuthDomain
import Foundation

/// Sample stored sessions for store tests.
enum SessionFixtures {
    /// A stored session with recognisable tokens.
    static func stored(suffix: String, userID: String = "user-1", provider: ProviderID? = nil, subjects: [ProviderID: String] = [:])
        -> StoredSession
    {
        StoredSession(
            session: AuthSession(
                accessToken: Secret("access-\(suffix)"), refreshToken: Secret("refresh-\(suffix)"),
                expiresAt: Date(timeIntervalSince1970: 1_767_229_200), userID: userID),
            user: AuthUser(
                id: userID, email: "ada@example.com", displayName: "Ada", isEmailVerified: true, isAnonymous: false, providers: [.apple]),
            provider: provider, providerSubjects: subjects)
    }
}

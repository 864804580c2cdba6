import AuthData
import AuthDomain

extension SupabaseStore.ProvenIdentity {
    /// The identity a userinfo answer proves (an OAuth provider without ID tokens), as GoTrue
    /// makes it from the provider's `UserProvidedData` (`internal/api/external.go`): the account
    /// id is the subject, the answer's claims the `identity_data`.
    /// - Parameters:
    ///   - info: The provider's userinfo answer.
    ///   - provider: The provider.
    init(_ info: ProviderUserInfo, provider: ProviderID) {
        self.init(
            provider: ProviderWireNames.supabase(provider), subject: info.subject, email: info.email?.lowercased(),
            emailVerified: info.emailVerified, identityData: info.claims)
    }
}

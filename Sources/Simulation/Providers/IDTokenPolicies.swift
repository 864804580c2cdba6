import AuthDomain
import AuthJWT

/// The ID-token rules of each identity provider the simulated services accept tokens from,
/// looked up by provider: issuers, skew and size limits, with the audiences the service is
/// configured with.
package enum IDTokenPolicies {
    private static let table: [ProviderID: @Sendable (Set<String>) -> IDTokenPolicy] = [
        .apple: { IDTokenPolicy.apple(clientIDs: $0) },
        .google: { IDTokenPolicy.google(clientIDs: $0) },
    ]

    /// The policy for a provider's tokens.
    /// - Parameters:
    ///   - provider: The provider.
    ///   - clientIDs: The audiences the service accepts for it.
    /// - Returns: The policy, or `nil` for a provider without ID tokens.
    package static func policy(for provider: ProviderID, clientIDs: Set<String>) -> IDTokenPolicy? {
        table[provider]?(clientIDs)
    }

    /// One verifier per provider that has both a policy and a key set.
    /// - Parameters:
    ///   - keys: Each provider's key set, as the relying party caches it.
    ///   - clientIDs: Each provider's accepted audiences.
    ///   - skipNonceCheck: Providers whose tokens are accepted without the nonce rule.
    /// - Returns: The verifiers.
    package static func verifiers(
        keys: [ProviderID: KeySetCache], clientIDs: [ProviderID: Set<String>], skipNonceCheck: Set<ProviderID>
    ) -> [ProviderID: ProviderTokenVerifier] {
        var verifiers: [ProviderID: ProviderTokenVerifier] = [:]
        for (provider, keySet) in keys {
            guard var policy = policy(for: provider, clientIDs: clientIDs[provider] ?? []) else { continue }
            policy.skipNonceCheck = skipNonceCheck.contains(provider)
            verifiers[provider] = ProviderTokenVerifier(policy: policy, keys: keySet)
        }
        return verifiers
    }
}

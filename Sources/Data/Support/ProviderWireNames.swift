import AuthDomain

/// How each provider is named on each backend's wire: one row per provider, read by the REST
/// adapters and by the simulated engines, so a provider is named in one place.
///
/// An id without a row is sent as its raw value on both wires (Supabase names custom OIDC
/// providers that way).
package enum ProviderWireNames {
    /// One provider's names.
    package struct Row: Sendable {
        /// The domain provider.
        package let provider: ProviderID
        /// Supabase Auth's name (`provider` of `/token?grant_type=id_token`, identities, `app_metadata.providers`).
        package let supabase: String
        /// Firebase Auth's `providerId` (`signInWithIdp`, `providerUserInfo`, `deleteProvider`).
        package let firebase: String
        /// Other `providerId`s Firebase reports for the same way in.
        package let firebaseAliases: [String]
    }

    /// The rows.
    package static let rows: [Row] = [
        Row(provider: .apple, supabase: "apple", firebase: "apple.com", firebaseAliases: []),
        Row(provider: .google, supabase: "google", firebase: "google.com", firebaseAliases: []),
        Row(provider: .emailCode, supabase: "email", firebase: "password", firebaseAliases: ["emailLink"]),
        Row(provider: .anonymous, supabase: "anonymous", firebase: "anonymous", firebaseAliases: []),
        // After `.emailCode`, whose wire names it shares: reading a wire name gives `.emailCode`.
        Row(provider: .password, supabase: "email", firebase: "password", firebaseAliases: []),
    ]

    /// Supabase's name for a provider.
    /// - Parameter provider: The domain provider.
    /// - Returns: The wire name.
    package static func supabase(_ provider: ProviderID) -> String {
        rows.first { $0.provider == provider }?.supabase ?? provider.rawValue
    }

    /// Firebase's `providerId` for a provider.
    /// - Parameter provider: The domain provider.
    /// - Returns: The wire name.
    package static func firebase(_ provider: ProviderID) -> String {
        rows.first { $0.provider == provider }?.firebase ?? provider.rawValue
    }

    /// The provider Supabase names so.
    /// - Parameter name: The wire name.
    /// - Returns: The domain provider.
    package static func provider(supabase name: String) -> ProviderID {
        rows.first { $0.supabase == name }?.provider ?? ProviderID(rawValue: name)
    }

    /// The provider of a Firebase `providerId`.
    /// - Parameter providerId: The wire name.
    /// - Returns: The domain provider.
    package static func provider(firebase providerId: String) -> ProviderID {
        rows.first { $0.firebase == providerId || $0.firebaseAliases.contains(providerId) }?.provider ?? ProviderID(rawValue: providerId)
    }
}

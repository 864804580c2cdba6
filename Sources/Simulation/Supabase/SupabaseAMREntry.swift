/// One authentication method of a session (`auth.mfa_amr_claims`; the access token's `amr`
/// entries, GoTrue internal/models/amr.go): the method and when it was last used, in seconds.
package struct SupabaseAMREntry: Codable, Sendable, Hashable {
    package var method: String
    package var timestamp: Int64

    /// Creates an entry.
    package init(method: String, timestamp: Int64) {
        self.method = method
        self.timestamp = timestamp
    }
}

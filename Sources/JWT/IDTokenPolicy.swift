/// What an identity provider's tokens must satisfy for one relying party.
public struct IDTokenPolicy: Sendable, Hashable {
    /// Accepted `iss` values, matched exactly.
    public var issuers: Set<String>
    /// Accepted client ids (`aud`, and `azp` when `aud` names several parties).
    public var audiences: Set<String>
    /// Seconds of clock difference tolerated on `exp`, `iat` and `nbf`.
    public var clockSkew: Int64
    /// The longest token accepted, in bytes.
    public var maxTokenLength: Int
    /// Whether to skip the nonce rule (Supabase's `skip_nonce_check`, for old Google SDKs).
    public var skipNonceCheck: Bool

    /// Creates a policy.
    /// - Parameters:
    ///   - issuers: Accepted issuers.
    ///   - audiences: Accepted client ids.
    ///   - clockSkew: Tolerated clock difference, seconds.
    ///   - maxTokenLength: Longest token, bytes.
    ///   - skipNonceCheck: Whether to skip the nonce rule.
    public init(
        issuers: Set<String>, audiences: Set<String>, clockSkew: Int64, maxTokenLength: Int,
        skipNonceCheck: Bool
    ) {
        self.issuers = issuers
        self.audiences = audiences
        self.clockSkew = clockSkew
        self.maxTokenLength = maxTokenLength
        self.skipNonceCheck = skipNonceCheck
    }

    /// Apple's issuer (and the `account.apple.com` variant Apple briefly advertised in 2025).
    public static let appleIssuers: Set<String> = ["https://appleid.apple.com", "https://account.apple.com"]
    /// Google's issuer, with and without the scheme.
    public static let googleIssuers: Set<String> = ["https://accounts.google.com", "accounts.google.com"]

    /// Apple tokens for the given client ids (bundle ids and Services ids), 30 s skew, 16 KB.
    /// - Parameter clientIDs: The accepted audiences.
    /// - Returns: The policy.
    public static func apple(clientIDs: Set<String>) -> IDTokenPolicy {
        IDTokenPolicy(issuers: appleIssuers, audiences: clientIDs, clockSkew: 30, maxTokenLength: 16 * 1024, skipNonceCheck: false)
    }

    /// Google tokens for the given client ids, 30 s skew, 16 KB.
    /// - Parameter clientIDs: The accepted audiences.
    /// - Returns: The policy.
    public static func google(clientIDs: Set<String>) -> IDTokenPolicy {
        IDTokenPolicy(issuers: googleIssuers, audiences: clientIDs, clockSkew: 30, maxTokenLength: 16 * 1024, skipNonceCheck: false)
    }
}

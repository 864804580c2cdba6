/// What the strict CBOR decoder accepts beyond RFC 8949's well-formedness, and its bounds.
///
/// Always refused: indefinite lengths, reserved additional information, duplicate map keys,
/// invalid UTF-8, trailing bytes. `.webAuthn` follows WebAuthn Level 3 section 5.8 and the CTAP2
/// canonical form (shortest arguments), and the rules of go-webauthn, GoTrue's WebAuthn library
/// (`protocol/webauthncbor`: duplicate keys and indefinite lengths forbidden, no tags, a small
/// nesting depth).
public struct CBORRules: Sendable, Hashable {
    /// The deepest nesting accepted: a top-level scalar has depth 0, `[1]` depth 1.
    public var maxDepth: Int
    /// The largest input accepted, in bytes.
    public var maxBytes: Int
    /// Whether integers, lengths and tags must use their shortest encoding (RFC 8949 section 4.2.1).
    public var requireShortestArguments: Bool
    /// Whether tags (major type 6) are accepted.
    public var allowTags: Bool

    /// Makes rules.
    /// - Parameters:
    ///   - maxDepth: The deepest nesting accepted.
    ///   - maxBytes: The largest input accepted, in bytes.
    ///   - requireShortestArguments: Whether arguments must be in their shortest form.
    ///   - allowTags: Whether tags are accepted.
    public init(maxDepth: Int, maxBytes: Int, requireShortestArguments: Bool, allowTags: Bool) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.requireShortestArguments = requireShortestArguments
        self.allowTags = allowTags
    }

    /// Attestation objects, COSE keys and extensions: depth 8, 64 KiB, shortest arguments, no tags.
    public static let webAuthn = CBORRules(maxDepth: 8, maxBytes: 64 * 1024, requireShortestArguments: true, allowTags: false)

    /// RFC 8949's generic data model with this decoder's strictness: depth 32, 1 MiB, tags allowed.
    public static let general = CBORRules(maxDepth: 32, maxBytes: 1 << 20, requireShortestArguments: true, allowTags: true)
}

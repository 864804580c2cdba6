import AuthData

/// The PKCE challenge a client sends to start a flow: `/authorize`, and `/otp`, `/signup`,
/// `/recover` and `/resend` for emailed links (GoTrue `api/pkce.go` `validatePKCEParams`,
/// `models/flow_state.go` `ParseCodeChallengeMethod`; RFC 7636 section 4.2).
package struct SupabaseCodeChallenge: Sendable, Hashable {
    /// `code_challenge`: 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
    package let challenge: String
    /// `s256` or `plain`, lowercased.
    package let method: String

    /// The challenge of a request, checked in GoTrue's order.
    /// - Parameters:
    ///   - challenge: `code_challenge`.
    ///   - method: `code_challenge_method` (any case).
    /// - Returns: `nil` when both are missing or empty (the implicit flow).
    /// - Throws: 400 `validation_failed`: half a pair, a length outside 43-128, a character
    ///   outside the RFC's alphabet, or a method other than `s256` and `plain`.
    package static func parse(challenge: String?, method: String?) throws(SupabaseFailure) -> SupabaseCodeChallenge? {
        let challenge = challenge ?? ""
        let method = method ?? ""
        guard challenge.isEmpty == method.isEmpty else {
            throw .validation("PKCE flow requires code_challenge_method and code_challenge")
        }
        guard !challenge.isEmpty else { return nil }
        guard (43...128).contains(challenge.utf8.count) else {
            throw .validation("code challenge has to be between 43 and 128 characters")
        }
        guard challenge.utf8.allSatisfy(Self.isAllowed) else {
            throw .validation("code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes")
        }
        let lowered = method.lowercased()
        guard lowered == "s256" || lowered == "plain" else { throw .validation("Unsupported code_challenge_method \(lowered)") }
        return SupabaseCodeChallenge(challenge: challenge, method: lowered)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

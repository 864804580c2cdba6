import AuthDomain
import AuthJWT
import Crypto

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: a verifier the strategy keeps
/// (never logged: it is a ``Secret``), and its challenge, which travels in the authorization URL.
///
/// ```swift
/// let pkce = PKCE.make(source: .live)
/// // send pkce.challenge with code_challenge_method=s256; exchange the code with pkce.verifier
/// ```
public struct PKCE: Sendable {
    /// The code verifier: 43 characters of base64url from 32 CSPRNG bytes (RFC 7636 §4.1).
    public let verifier: Secret
    /// `BASE64URL(SHA256(ASCII(verifier)))` (RFC 7636 §4.2).
    public let challenge: String
    /// Always `S256`; `plain` is never sent.
    public static let method = "S256"

    /// Creates the pair for a verifier.
    /// - Parameter verifier: The code verifier.
    public init(verifier: Secret) {
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier.revealed)
    }

    /// A fresh pair.
    /// - Parameter source: The CSPRNG.
    /// - Returns: The verifier and its challenge.
    public static func make(source: RandomByteSource) -> PKCE {
        PKCE(verifier: Secret(Base64URL.encode(source.bytes(32))))
    }

    /// The S256 challenge of a verifier.
    /// - Parameter verifier: The verifier text.
    /// - Returns: The base64url SHA-256 of its ASCII bytes, without padding.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
    }
}

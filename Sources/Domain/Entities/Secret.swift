/// A secret string (token, refresh token, nonce, one-time code, key) that never prints whole.
///
/// `description`, `debugDescription`, `dump` and string interpolation all show a short prefix
/// followed by `…[redacted]`. Read the value only where it must cross a boundary, through
/// ``revealed``, so that every use of a secret is visible in review.
///
/// ```swift
/// let token = Secret("eyJhbGciOiJSUzI1NiJ9.e30.c2ln")
/// print(token)          // "eyJhbGci…[redacted]"
/// send(token.revealed)  // the real value, on purpose
/// ```
public struct Secret: Hashable, Sendable, Codable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable, ExpressibleByStringLiteral
{
    /// The secret value. Use it only to send it where it belongs.
    public let revealed: String

    /// Wraps a secret value.
    /// - Parameter value: The value to protect.
    public init(_ value: String) { self.revealed = value }

    /// Wraps a secret literal (tests and fixtures).
    /// - Parameter value: The value to protect.
    public init(stringLiteral value: String) { self.revealed = value }

    /// Decodes a secret stored as a plain string.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.revealed = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the secret as a plain string, for secure storage only.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(revealed)
    }

    /// Whether the secret is the empty string.
    public var isEmpty: Bool { revealed.isEmpty }

    /// A short prefix and a redaction marker, never the whole value.
    public var redacted: String { Redaction.redact(revealed) }

    /// The redacted form.
    public var description: String { redacted }

    /// The redacted form.
    public var debugDescription: String { "Secret(\(redacted))" }

    /// A mirror that shows only the redacted form, so `dump` cannot leak the value.
    public var customMirror: Mirror { Mirror(self, children: ["redacted": redacted]) }
}

/// How secrets are shortened for logs, errors and CLI output.
public enum Redaction {
    /// Returns a prefix of at most 8 characters (a quarter of the value, so short codes show at
    /// most one or two characters) followed by `…[redacted]`.
    /// - Parameter value: The secret.
    /// - Returns: The redacted text; `""` for an empty value.
    public static func redact(_ value: String) -> String {
        guard !value.isEmpty else { return "" }
        let shown = min(8, value.count / 4)
        return String(value.prefix(shown)) + "…[redacted]"
    }
}

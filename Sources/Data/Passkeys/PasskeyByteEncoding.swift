import AuthJWT

/// How a passkey service writes bytes in JSON: GoTrue (go-webauthn) as unpadded base64url, the
/// Identity Toolkit as proto3's JSON mapping does (standard base64, padded; standard or URL-safe
/// read, padded or not).
package enum PasskeyByteEncoding: Sendable {
    /// Unpadded base64url (WebAuthn Level 3 `toJSON()`, go-webauthn's `URLEncodedBase64`).
    case base64URL
    /// Proto3 JSON `bytes`.
    case proto3

    /// The longest text decoded, in UTF-8 bytes (an attestation object is bounded by 64 KiB).
    static let maxTextBytes = 128 * 1024

    /// Writes bytes.
    /// - Parameter bytes: The bytes.
    /// - Returns: The text.
    package func encode(_ bytes: some Sequence<UInt8>) -> String {
        let url = Base64URL.encode(bytes)
        guard self == .proto3 else { return url }
        var text = url.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }

    /// Reads bytes.
    /// - Parameter text: The text.
    /// - Returns: The bytes, or `nil` when `text` is not this encoding or is longer than the bound.
    package func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= Self.maxTextBytes else { return nil }
        switch self {
        case .base64URL:
            return Base64URL.decode(text)
        case .proto3:
            var trimmed = Substring(text)
            while trimmed.hasSuffix("=") { trimmed = trimmed.dropLast() }
            return Base64URL.decode(trimmed.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        }
    }
}

import AuthDomain
import Foundation

/// Email address checks shared by the strategies and the CLI.
public enum EmailAddress {
    /// Normalises and checks an address: trimmed, lowercased, one `@`, a non-empty local part,
    /// a domain with a dot and no empty labels, no spaces, at most 254 characters, and no control
    /// character once trimmed (C0 with NUL, DEL, C1: they would reach terminals, logs and mail
    /// headers).
    /// - Parameter raw: The address as typed.
    /// - Returns: The normalised address.
    /// - Throws: ``AuthError/invalidEmail(_:)``.
    public static func normalized(_ raw: String) throws(AuthError) -> String {
        let trimmed = raw.trimmingASCIIWhitespace()
        guard !trimmed.unicodeScalars.contains(where: isControl) else { throw .invalidEmail(raw) }
        let email = trimmed.lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64,
            !email.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "<" || $0 == ">" || $0 == "," }),
            case let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false),
            labels.count >= 2, labels.allSatisfy({ !$0.isEmpty })
        else { throw .invalidEmail(raw) }
        return email
    }

    /// Whether a scalar is a control character (general category Cc: U+0000–U+001F, U+007F–U+009F).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (no Foundation).
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

import Foundation

import AuthDomain

/// Email address checks shared by the strategies and the CLI.
public enum EmailAddress {
    /// Normalises and checks an address: trimmed, lowercased, one `@`, a non-empty local part,
    /// a domain with a dot and no empty labels, no spaces, at most 254 characters.
    /// - Parameter raw: The address as typed.
    /// - Returns: The normalised address.
    /// - Throws: ``AuthError/invalidEmail(_:)``.
    public static func normalized(_ raw: String) throws -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64,
              !email.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "<" || $0 == ">" || $0 == "," }),
              case let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false),
              labels.count >= 2, labels.allSatisfy({ !$0.isEmpty })
        else { throw AuthError.invalidEmail(raw) }
        return email
    }
}

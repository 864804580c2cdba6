import Foundation

/// A person's name as an identity provider gives it (Apple's `fullName`, Google's claims).
public struct PersonName: Hashable, Sendable, Codable {
    /// The given (first) name.
    public var givenName: String?
    /// The family (last) name.
    public var familyName: String?

    /// Creates a name.
    /// - Parameters:
    ///   - givenName: The given name, if known.
    ///   - familyName: The family name, if known.
    public init(givenName: String?, familyName: String?) {
        self.givenName = givenName
        self.familyName = familyName
    }

    /// Splits a formatted name at its first space: `"Ada King Lovelace"` → given `Ada`,
    /// family `King Lovelace`.
    /// - Parameter formatted: The whole name.
    /// - Returns: The name, or `nil` when `formatted` has no letters.
    public static func parsing(_ formatted: String) -> PersonName? {
        let trimmed = formatted.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard let space = trimmed.firstIndex(of: " ") else {
            return PersonName(givenName: trimmed, familyName: nil)
        }
        let family = trimmed[trimmed.index(after: space)...].trimmingCharacters(in: .whitespacesAndNewlines)
        return PersonName(givenName: String(trimmed[..<space]), familyName: family.isEmpty ? nil : family)
    }

    /// Given and family names joined by a space; `nil` when both are empty.
    public var formatted: String? {
        let parts = [givenName, familyName].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

import Foundation

/// Everything the simulated Apple ID remembers, persisted between runs.
package struct AppleIDState: Codable, Sendable {
    /// An Apple ID (the person), with its team-scoped identifiers.
    package struct Account: Codable, Sendable {
        package var appleID: String
        package var subject: String
        package var relayAddress: String
    }

    /// One app's authorization by one person: the consent given on the first sheet.
    package struct Authorization: Codable, Sendable {
        package var clientID: String
        package var subject: String
        package var sharedEmail: String
        package var isPrivateEmail: Bool
        package var authorizedAt: Date
        package var revokedAt: Date?
    }

    /// An issued authorization code (single use, five minutes).
    package struct Code: Codable, Sendable {
        package var clientID: String
        package var subject: String
        package var nonce: String?
        package var issuedAt: Date
        package var usedAt: Date?
    }

    /// An issued access or refresh token.
    package struct Token: Codable, Sendable {
        package var clientID: String
        package var subject: String
        package var kind: String
        package var issuedAt: Date
        package var revokedAt: Date?
    }

    /// A revocation Apple recorded (what `/auth/revoke` did).
    package struct Revocation: Codable, Sendable, Hashable {
        package var clientID: String
        package var subject: String
        package var tokenKind: String
        package var at: Date
    }

    package var accounts: [String: Account] = [:]
    package var subjects: [String: String] = [:]
    package var authorizations: [String: Authorization] = [:]
    package var codes: [String: Code] = [:]
    package var tokens: [String: Token] = [:]
    package var revocations: [Revocation] = []

    package init() {}

    static func authorizationKey(clientID: String, subject: String) -> String { clientID + "|" + subject }
}

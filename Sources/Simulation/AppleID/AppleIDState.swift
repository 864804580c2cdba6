import Foundation

/// Everything the simulated Apple ID remembers, as the in-memory storage keeps it and as
/// `state.json` held it (format 1, before the SQLite database).
package struct AppleIDState: Codable, Sendable {
    /// An Apple ID (the person), with its team-scoped identifiers.
    package struct Account: Codable, Sendable, Hashable {
        package var appleID: String
        package var subject: String
        package var relayAddress: String

        /// Creates a record with every field.
        package init(
            appleID: String, subject: String, relayAddress: String
        ) {
            self.appleID = appleID
            self.subject = subject
            self.relayAddress = relayAddress
        }
    }

    /// One app's authorization by one person: the consent given on the first sheet.
    package struct Authorization: Codable, Sendable, Hashable {
        package var clientID: String
        package var subject: String
        package var sharedEmail: String
        package var isPrivateEmail: Bool
        package var authorizedAt: Date
        package var revokedAt: Date?

        /// Creates a record with every field.
        package init(
            clientID: String, subject: String, sharedEmail: String, isPrivateEmail: Bool, authorizedAt: Date, revokedAt: Date? = nil
        ) {
            self.clientID = clientID
            self.subject = subject
            self.sharedEmail = sharedEmail
            self.isPrivateEmail = isPrivateEmail
            self.authorizedAt = authorizedAt
            self.revokedAt = revokedAt
        }
    }

    /// An issued authorization code (single use, five minutes).
    package struct Code: Codable, Sendable, Hashable {
        package var clientID: String
        package var subject: String
        package var nonce: String?
        package var issuedAt: Date
        package var usedAt: Date?
        /// The `redirect_uri` of the web authorization that issued it (re-serialised), which the
        /// token request must repeat; `nil` for a code from the native sheet.
        package var redirectURI: String?

        /// Creates a record with every field.
        package init(
            clientID: String, subject: String, nonce: String? = nil, issuedAt: Date, usedAt: Date? = nil, redirectURI: String? = nil
        ) {
            self.clientID = clientID
            self.subject = subject
            self.nonce = nonce
            self.issuedAt = issuedAt
            self.usedAt = usedAt
            self.redirectURI = redirectURI
        }
    }

    /// An issued access or refresh token.
    package struct Token: Codable, Sendable, Hashable {
        package var clientID: String
        package var subject: String
        package var kind: String
        package var issuedAt: Date
        package var revokedAt: Date?

        /// Creates a record with every field.
        package init(
            clientID: String, subject: String, kind: String, issuedAt: Date, revokedAt: Date? = nil
        ) {
            self.clientID = clientID
            self.subject = subject
            self.kind = kind
            self.issuedAt = issuedAt
            self.revokedAt = revokedAt
        }
    }

    /// A revocation Apple recorded (what `/auth/revoke` did).
    package struct Revocation: Codable, Sendable, Hashable {
        package var clientID: String
        package var subject: String
        package var tokenKind: String
        package var at: Date

        /// Creates a record with every field.
        package init(
            clientID: String, subject: String, tokenKind: String, at: Date
        ) {
            self.clientID = clientID
            self.subject = subject
            self.tokenKind = tokenKind
            self.at = at
        }
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

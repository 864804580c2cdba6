import AuthJWT
import Foundation

/// A Firebase user as the engine stores it.
package struct FirebaseUserRecord: Codable, Sendable {
    package var localId: String
    package var email: String?
    package var emailVerified: Bool
    package var displayName: String?
    package var photoUrl: String?
    package var disabled: Bool
    package var providers: [FirebaseProviderRecord]
    package var emailLinkSignin: Bool
    package var hasPassword: Bool
    package var validSince: Int64
    package var createdAt: Int64
    package var lastLoginAt: Int64
    package var customAttributes: String?
}

/// A linked provider of a Firebase user.
package struct FirebaseProviderRecord: Codable, Sendable {
    package var providerId: String
    package var rawId: String
    package var email: String?
    package var displayName: String?
    package var photoUrl: String?
}

/// A refresh token: who it signs in, and how they originally signed in.
package struct FirebaseRefreshRecord: Codable, Sendable {
    package var localId: String
    package var signInProvider: String
    package var authTime: Int64
    package var issuedAt: Int64
    /// The last time it minted an ID token (seconds); `nil` before the first refresh.
    package var lastRefreshedAt: Int64?
}

/// An outstanding email action code.
package struct FirebaseOobRecord: Codable, Sendable {
    package var email: String
    package var requestType: String
    package var createdAt: Date
}

/// A verified IdP credential kept for a `pendingToken` (the recovery path after a link
/// conflict, so the spent Apple token need not be sent again).
package struct FirebasePendingCredential: Codable, Sendable {
    package var identity: FirebaseIdentity
    package var oauthIdToken: String
    package var createdAt: Date
}

/// What a verified IdP token says about the person.
package struct FirebaseIdentity: Codable, Sendable {
    package var providerId: String
    package var rawId: String
    package var email: String?
    package var emailVerified: Bool
    package var displayName: String?
    package var firstName: String?
    package var lastName: String?
    package var photoUrl: String?
    package var rawClaims: JSONObject
}

/// All state of one project of the Firebase-like engine.
package struct FirebaseState: Codable, Sendable {
    package var users: [String: FirebaseUserRecord] = [:]
    package var federatedIndex: [String: String] = [:]
    package var emailIndex: [String: String] = [:]
    package var refreshTokens: [String: FirebaseRefreshRecord] = [:]
    package var refreshTokensByUser: [String: [String]] = [:]
    package var oobCodes: [String: FirebaseOobRecord] = [:]
    package var pending: [String: FirebasePendingCredential] = [:]
    package var spentAppleTokens: [String: Int64] = [:]
    package var lastEmailSent: [String: Date] = [:]
    package var rateWindows = FirebaseRateWindows()

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case users, federatedIndex, emailIndex, refreshTokens, refreshTokensByUser, oobCodes, pending, spentAppleTokens
        case lastEmailSent, rateWindows
    }

    /// Reads a state file of any version: a key an older version did not write starts empty (the
    /// per-address `wrongOobAttempts` of before the rate windows is dropped).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        users = try container.decodeIfPresent([String: FirebaseUserRecord].self, forKey: .users) ?? [:]
        federatedIndex = try container.decodeIfPresent([String: String].self, forKey: .federatedIndex) ?? [:]
        emailIndex = try container.decodeIfPresent([String: String].self, forKey: .emailIndex) ?? [:]
        refreshTokens = try container.decodeIfPresent([String: FirebaseRefreshRecord].self, forKey: .refreshTokens) ?? [:]
        refreshTokensByUser = try container.decodeIfPresent([String: [String]].self, forKey: .refreshTokensByUser) ?? [:]
        oobCodes = try container.decodeIfPresent([String: FirebaseOobRecord].self, forKey: .oobCodes) ?? [:]
        pending = try container.decodeIfPresent([String: FirebasePendingCredential].self, forKey: .pending) ?? [:]
        spentAppleTokens = try container.decodeIfPresent([String: Int64].self, forKey: .spentAppleTokens) ?? [:]
        lastEmailSent = try container.decodeIfPresent([String: Date].self, forKey: .lastEmailSent) ?? [:]
        rateWindows = try container.decodeIfPresent(FirebaseRateWindows.self, forKey: .rateWindows) ?? FirebaseRateWindows()
    }

    static func federatedKey(providerId: String, rawId: String) -> String { providerId + "|" + rawId }
}

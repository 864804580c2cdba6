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

/// All state of the Firebase-like engine.
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
    package var wrongOobAttempts: [String: Int] = [:]

    package init() {}

    static func federatedKey(providerId: String, rawId: String) -> String { providerId + "|" + rawId }
}

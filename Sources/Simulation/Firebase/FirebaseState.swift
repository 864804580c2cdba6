import AuthJWT
import Foundation

/// A Firebase user as the engine stores it.
package struct FirebaseUserRecord: Codable, Sendable, Hashable {
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
    /// The last sign-in, milliseconds since 1970; 0 until the first (an admin-created user has
    /// none, and the Admin API then leaves `lastLoginAt` out).
    package var lastLoginAt: Int64
    package var customAttributes: String?
    /// The password's bcrypt hash (its own random salt inside), never the password; `nil`
    /// without a password.
    package var passwordHash: String?
    /// When the password was last set, milliseconds since 1970.
    package var passwordUpdatedAt: Int64?
    /// The E.164 phone number the admin set.
    package var phoneNumber: String?

    /// Creates a record with every field.
    package init(
        localId: String, email: String? = nil, emailVerified: Bool, displayName: String? = nil, photoUrl: String? = nil,
        disabled: Bool, providers: [FirebaseProviderRecord], emailLinkSignin: Bool, hasPassword: Bool, validSince: Int64,
        createdAt: Int64, lastLoginAt: Int64, customAttributes: String? = nil, passwordHash: String? = nil,
        passwordUpdatedAt: Int64? = nil, phoneNumber: String? = nil
    ) {
        self.passwordHash = passwordHash
        self.passwordUpdatedAt = passwordUpdatedAt
        self.phoneNumber = phoneNumber
        self.localId = localId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.disabled = disabled
        self.providers = providers
        self.emailLinkSignin = emailLinkSignin
        self.hasPassword = hasPassword
        self.validSince = validSince
        self.createdAt = createdAt
        self.lastLoginAt = lastLoginAt
        self.customAttributes = customAttributes
    }
}

/// A linked provider of a Firebase user.
package struct FirebaseProviderRecord: Codable, Sendable, Hashable {
    package var providerId: String
    package var rawId: String
    package var email: String?
    package var displayName: String?
    package var photoUrl: String?

    /// Creates a record with every field.
    package init(
        providerId: String, rawId: String, email: String? = nil, displayName: String? = nil, photoUrl: String? = nil
    ) {
        self.providerId = providerId
        self.rawId = rawId
        self.email = email
        self.displayName = displayName
        self.photoUrl = photoUrl
    }
}

/// A refresh token: who it signs in, and how they originally signed in.
package struct FirebaseRefreshRecord: Codable, Sendable, Hashable {
    package var localId: String
    package var signInProvider: String
    package var authTime: Int64
    package var issuedAt: Int64
    /// The last time it minted an ID token (seconds); `nil` before the first refresh.
    package var lastRefreshedAt: Int64?
    /// The `mfaEnrollmentId` of the second factor the sign-in passed (its ID tokens name it).
    package var secondFactor: String?
    /// A custom token's developer `claims`, as a JSON object's text: every ID token the refresh
    /// token mints carries them (firebase-tools `src/emulator/auth/state.ts`
    /// `createRefreshTokenFor` keeps `extraClaims` with the token).
    package var developerClaims: String?

    /// Creates a record with every field.
    package init(
        localId: String, signInProvider: String, authTime: Int64, issuedAt: Int64, lastRefreshedAt: Int64? = nil,
        secondFactor: String? = nil,
        developerClaims: String? = nil
    ) {
        self.secondFactor = secondFactor
        self.developerClaims = developerClaims
        self.localId = localId
        self.signInProvider = signInProvider
        self.authTime = authTime
        self.issuedAt = issuedAt
        self.lastRefreshedAt = lastRefreshedAt
    }
}

/// An outstanding email action code.
package struct FirebaseOobRecord: Codable, Sendable, Hashable {
    package var email: String
    package var requestType: String
    package var createdAt: Date
    /// The address a `VERIFY_AND_CHANGE_EMAIL` code moves the account to.
    package var newEmail: String?

    /// Creates a record with every field.
    package init(
        email: String, requestType: String, createdAt: Date, newEmail: String? = nil
    ) {
        self.email = email
        self.requestType = requestType
        self.createdAt = createdAt
        self.newEmail = newEmail
    }
}

/// A verified IdP credential kept for a `pendingToken` (the recovery path after a link
/// conflict, so the spent Apple token need not be sent again).
package struct FirebasePendingCredential: Codable, Sendable, Hashable {
    package var identity: FirebaseIdentity
    package var oauthIdToken: String
    package var createdAt: Date

    /// Creates a record with every field.
    package init(
        identity: FirebaseIdentity, oauthIdToken: String, createdAt: Date
    ) {
        self.identity = identity
        self.oauthIdToken = oauthIdToken
        self.createdAt = createdAt
    }
}

/// What a verified IdP token says about the person.
package struct FirebaseIdentity: Codable, Sendable, Hashable {
    package var providerId: String
    package var rawId: String
    package var email: String?
    package var emailVerified: Bool
    package var displayName: String?
    package var firstName: String?
    package var lastName: String?
    package var photoUrl: String?
    package var rawClaims: JSONObject

    /// Creates a record with every field.
    package init(
        providerId: String, rawId: String, email: String? = nil, emailVerified: Bool, displayName: String? = nil, firstName: String? = nil,
        lastName: String? = nil, photoUrl: String? = nil, rawClaims: JSONObject
    ) {
        self.providerId = providerId
        self.rawId = rawId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.firstName = firstName
        self.lastName = lastName
        self.photoUrl = photoUrl
        self.rawClaims = rawClaims
    }
}

/// One project of the Firebase-like engine, as the in-memory storage keeps it and as
/// `state.json` held it (format 1, before the SQLite database).
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
    /// The project's settings; `nil` until changed (the defaults apply).
    package var config: FirebaseProjectConfig?
    /// Enrolled second factors by user, oldest first.
    package var mfaEnrollments: [String: [FirebaseMFAEnrollmentRecord]] = [:]
    /// TOTP enrolments waiting for `mfaEnrollment:finalize`, by `sessionInfo` (never in a state file).
    package var totpEnrollmentSessions: [String: FirebaseTOTPEnrollmentSession] = [:]

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case users, federatedIndex, emailIndex, refreshTokens, refreshTokensByUser, oobCodes, pending, spentAppleTokens
        case lastEmailSent, rateWindows, config
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
        config = try container.decodeIfPresent(FirebaseProjectConfig.self, forKey: .config)
    }

    static func federatedKey(providerId: String, rawId: String) -> String { providerId + "|" + rawId }
}

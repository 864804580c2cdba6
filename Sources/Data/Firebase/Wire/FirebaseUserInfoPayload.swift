/// A user record of Firebase Auth (`accounts:lookup` `users[]`).
package struct FirebaseUserInfoPayload: Codable, Hashable, Sendable {
    package var localId: String
    package var email: String?
    package var emailVerified: Bool?
    package var displayName: String?
    package var photoUrl: String?
    package var disabled: Bool?
    package var providerUserInfo: [FirebaseProviderUserInfoPayload]?
    package var emailLinkSignin: Bool?
    package var validSince: String?
    package var createdAt: String?
    package var lastLoginAt: String?
    package var lastRefreshAt: String?
    /// The custom claims the admin set, as a JSON text (admin answers only).
    package var customAttributes: String?
    package var phoneNumber: String?
    /// The stored password hash, base64 (admin answers only).
    package var passwordHash: String?
    /// The password hash's salt, base64 (admin answers only).
    package var salt: String?
    /// When the password was last set, milliseconds since 1970.
    package var passwordUpdatedAt: Double?
    /// The enrolled second factors (absent without any).
    package var mfaInfo: [FirebaseMFAInfoPayload]?
    /// The registered passkeys (absent without any).
    package var passkeyInfo: [FirebasePasskeyInfoPayload]?

    package init(
        localId: String, email: String?, emailVerified: Bool?, displayName: String?, photoUrl: String?,
        disabled: Bool?, providerUserInfo: [FirebaseProviderUserInfoPayload]?, emailLinkSignin: Bool?,
        validSince: String?, createdAt: String?, lastLoginAt: String?, lastRefreshAt: String?
    ) {
        self.localId = localId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.disabled = disabled
        self.providerUserInfo = providerUserInfo
        self.emailLinkSignin = emailLinkSignin
        self.validSince = validSince
        self.createdAt = createdAt
        self.lastLoginAt = lastLoginAt
        self.lastRefreshAt = lastRefreshAt
    }
}

/// One linked provider of a Firebase user.
package struct FirebaseProviderUserInfoPayload: Codable, Hashable, Sendable {
    package var providerId: String
    package var rawId: String
    package var federatedId: String
    package var email: String?
    package var displayName: String?
    package var photoUrl: String?
    /// The number of a `phone` provider.
    package var phoneNumber: String?

    package init(providerId: String, rawId: String, federatedId: String, email: String?, displayName: String?, photoUrl: String?) {
        self.providerId = providerId
        self.rawId = rawId
        self.federatedId = federatedId
        self.email = email
        self.displayName = displayName
        self.photoUrl = photoUrl
    }
}

/// `accounts:lookup` response.
package struct FirebaseLookupResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#GetAccountInfoResponse"
    package var users: [FirebaseUserInfoPayload]?

    package init(users: [FirebaseUserInfoPayload]?) { self.users = users }
}

/// `accounts:signInWithIdp` (v3 `verifyAssertion`) response.
package struct FirebaseIdpResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#VerifyAssertionResponse"
    package var federatedId: String?
    package var providerId: String?
    package var localId: String?
    package var email: String?
    package var emailVerified: Bool?
    package var displayName: String?
    package var fullName: String?
    package var firstName: String?
    package var lastName: String?
    package var photoUrl: String?
    package var idToken: String?
    package var refreshToken: String?
    package var expiresIn: String?
    package var oauthIdToken: String?
    package var oauthAccessToken: String?
    package var rawUserInfo: String?
    package var isNewUser: Bool?
    package var needConfirmation: Bool?
    package var verifiedProvider: [String]?
    package var errorMessage: String?
    package var pendingToken: String?
    /// With an enrolled second factor: what `mfaSignIn:finalize` takes instead of tokens.
    package var mfaPendingCredential: String?
    /// With an enrolled second factor: the user's factors.
    package var mfaInfo: [FirebaseMFAInfoPayload]?

    package init() {}
}

/// `accounts:signUp` (anonymous) response.
package struct FirebaseSignUpResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#SignupNewUserResponse"
    package var localId: String
    package var idToken: String?
    package var refreshToken: String?
    package var expiresIn: String?
    package var email: String?
    package var displayName: String?

    package init(localId: String, idToken: String?, refreshToken: String?, expiresIn: String?) {
        self.localId = localId
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// `accounts:signInWithEmailLink` (v3 `emailLinkSignin`) response.
package struct FirebaseEmailLinkResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#EmailLinkSigninResponse"
    package var email: String
    package var localId: String
    package var isNewUser: Bool
    /// Absent when a second factor is required.
    package var idToken: String?
    package var refreshToken: String?
    package var expiresIn: String?
    /// With an enrolled second factor: what `mfaSignIn:finalize` takes instead of tokens.
    package var mfaPendingCredential: String?
    /// With an enrolled second factor: the user's factors.
    package var mfaInfo: [FirebaseMFAInfoPayload]?

    package init(email: String, localId: String, isNewUser: Bool, idToken: String?, refreshToken: String?, expiresIn: String?) {
        self.email = email
        self.localId = localId
        self.isNewUser = isNewUser
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// `accounts:sendOobCode` response.
package struct FirebaseOobCodeResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#GetOobConfirmationCodeResponse"
    package var email: String
    package var oobCode: String?
    package var oobLink: String?

    package init(email: String, oobCode: String?, oobLink: String?) {
        self.email = email
        self.oobCode = oobCode
        self.oobLink = oobLink
    }
}

/// `accounts:update` (v3 `setAccountInfo`) response.
package struct FirebaseUpdateResponse: Codable, Hashable, Sendable {
    package var kind = "identitytoolkit#SetAccountInfoResponse"
    package var localId: String
    package var email: String?
    package var displayName: String?
    package var photoUrl: String?
    package var emailVerified: Bool?
    package var providerUserInfo: [FirebaseProviderUserInfoPayload]?
    /// The new address an applied `VERIFY_AND_CHANGE_EMAIL` code gave the user.
    package var newEmail: String?
    package var idToken: String?
    package var refreshToken: String?
    package var expiresIn: String?

    package init(user: FirebaseUserInfoPayload) {
        localId = user.localId
        email = user.email
        displayName = user.displayName
        photoUrl = user.photoUrl
        emailVerified = user.emailVerified
        providerUserInfo = user.providerUserInfo ?? []
    }
}

/// Secure Token (`securetoken.googleapis.com/v1/token`) response, snake_case on the wire.
package struct FirebaseSecureTokenResponse: Codable, Hashable, Sendable {
    package var accessToken: String
    package var expiresIn: String
    package var tokenType = "Bearer"
    package var refreshToken: String
    package var idToken: String
    package var userId: String
    package var projectId: String

    package init(idToken: String, expiresIn: String, refreshToken: String, userId: String, projectId: String) {
        self.accessToken = idToken
        self.idToken = idToken
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.userId = userId
        self.projectId = projectId
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresIn = "expires_in"
        case tokenType = "token_type"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
        case userId = "user_id"
        case projectId = "project_id"
    }
}
